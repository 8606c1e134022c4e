/** Field errors as the API sends them (422) and forms show them: `{ field: [messages] }`. */
export type FieldErrors = Record<string, string[]>;

/** How the fields of one input are named in its errors. */
export type ErrorNaming = {
  /** The key for problems with the input as a whole: "body", "query", or the envelope's name. */
  root: string;
  /** The one key a body wraps its fields in (`{ user: {...} }`), left out of field names. */
  envelope?: string;
  /** What to say of a key the schema does not know. */
  unknownKey: string;
};

export const BODY_NAMING: ErrorNaming = { root: "body", unknownKey: "Unknown field" };
export const QUERY_NAMING: ErrorNaming = { root: "query", unknownKey: "Unknown parameter" };
export const envelopeNaming = (envelope: string): ErrorNaming => ({
  root: envelope,
  envelope,
  unknownKey: "Unknown field",
});

/** What field errors are made from: zod's issues, and the input policy's. */
export type InputIssue = {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  /** For unknown keys: which keys. */
  keys?: readonly string[];
};

/**
 * Issues as field errors, keyed by the field's dotted path in the input ("job.title"), with the
 * envelope left out; an item of a list reports on its list ("skills", not "skills.3"), the
 * field a form shows. Built on an object without a prototype: a field named `__proto__` or
 * `constructor` is a field like any other.
 */
export function fieldErrors(issues: readonly InputIssue[], naming: ErrorNaming): FieldErrors {
  const errors: FieldErrors = Object.create(null) as FieldErrors;
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  for (const issue of issues) {
    const item = issue.path.findIndex((segment) => typeof segment === "number");
    const path = (item === -1 ? issue.path : issue.path.slice(0, item)).map(String);
    const whole = path.length === 0 || (path.length === 1 && path[0] === naming.envelope);
    if (naming.envelope && path[0] === naming.envelope) path.shift();
    if (issue.code === "unrecognized_keys" && issue.keys && item === -1) {
      for (const key of issue.keys) add([...path, key].join("."), naming.unknownKey);
    } else if (whole && naming.envelope && issue.code === "invalid_type") {
      add(naming.root, `Send the changes as { ${naming.envelope}: { ... } }`);
    } else {
      add(path.join(".") || naming.root, issue.message);
    }
  }
  return errors;
}

/** An input checked against its schema: the data, or field errors. */
export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };
