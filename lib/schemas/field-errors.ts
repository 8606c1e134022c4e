import { z } from "zod";

/** Field errors as the API sends them (422) and forms show them: `{ field: [messages] }`. */
export type FieldErrors = Record<string, string[]>;

type Naming = {
  /** Which level of an issue's path names the field (1 for a body like `{ user: {...} }`). */
  depth: number;
  /** The key for problems with the whole input. */
  root: string;
  /** What to say of the whole input being the wrong shape; the issue's own words otherwise. */
  rootMessage?: string;
  /** What to say of a key the schema does not know. */
  unknownKey: string;
};

/** A zod error's issues as field errors, one key per field. */
export function fieldErrorsFrom(error: z.ZodError, naming: Naming): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const unknown = issue.code === "unrecognized_keys";
    const keys = unknown
      ? issue.keys
      : [String(issue.path[naming.depth] ?? issue.path[0] ?? naming.root)];
    const message = unknown
      ? naming.unknownKey
      : issue.path.length === 0 && naming.rootMessage
        ? naming.rootMessage
        : issue.message;
    for (const key of keys) (errors[key] ??= []).push(message);
  }
  return errors;
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** A request body checked against a schema: its data, or field errors named as `naming` says. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  naming: Naming,
): Parsed<z.output<S>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrorsFrom(result.error, naming) };
}

/**
 * A body that wraps its fields in one key, like `{ user: { ... } }`: the fields, or field errors
 * named by field.
 */
export function parseEnvelope<K extends string, S extends z.ZodType>(
  key: K,
  fields: S,
  body: unknown,
): Parsed<z.output<S>> {
  const parsed = parseBody(z.strictObject({ [key]: fields } as Record<K, S>), body, {
    depth: 1,
    root: key,
    rootMessage: `Send the changes as { ${key}: { ... } }`,
    unknownKey: "Unknown field",
  });
  return parsed.ok ? { ok: true, data: (parsed.data as Record<K, z.output<S>>)[key] } : parsed;
}
