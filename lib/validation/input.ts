import type { z } from "zod";
import { fieldErrors, type ErrorNaming, type InputIssue, type Parsed } from "./field-errors";

/*
 * The input policy, applied to every request body, query string and path parameter before its
 * schema reads it (the API's pipeline and the pages' query reading both come through here):
 *
 * - NUL and the other C0 control characters, except tab, line feed and carriage return, and
 *   DEL: refused in every string and every key. PostgreSQL cannot store NUL in text, and none
 *   of the others belongs in anything a person types. Tabs and line breaks are fine in long
 *   text; single-line fields refuse line breaks in their own schemas (`singleLine`).
 * - Unpaired UTF-16 surrogates: refused; they cannot be stored as UTF-8.
 * - Nesting deeper than MAX_DEPTH: refused; no input of ours is nearly that deep.
 * - The keys `__proto__`, `constructor` and `prototype`, at any depth: refused as unknown
 *   fields. A key from input that reaches a plain object could otherwise read or replace what
 *   every object inherits (a screening answer keyed `constructor` found Object's own, issue 40),
 *   and zod drops `__proto__` from records without a word.
 */

const MAX_DEPTH = 32;

/** Keys no input may use: names of what every JavaScript object inherits or is built by. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  "__proto__",
  "constructor",
  "prototype",
]);

const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | null {
  const control = FORBIDDEN.exec(text);
  if (control) {
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    return `Remove the control character U+${code} from this text`;
  }
  if (LONE_SURROGATE.test(text)) return "This text contains a broken character; type it again";
  return null;
}

/** Where `value` breaks the input policy, walked without recursion (inputs can nest deeply). */
export function policyIssues(value: unknown): InputIssue[] {
  const issues: InputIssue[] = [];
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      const problem = textProblem(current);
      if (problem) issues.push({ code: "custom", path, message: problem });
    } else if (typeof current === "object" && current !== null) {
      if (path.length >= MAX_DEPTH) {
        issues.push({ code: "custom", path: [], message: "The input is nested too deeply" });
        break;
      }
      for (const [key, child] of Object.entries(current)) {
        const problem = textProblem(key);
        if (problem) issues.push({ code: "custom", path: [...path, key], message: problem });
        else if (RESERVED_KEYS.has(key) && !Array.isArray(current)) {
          issues.push({ code: "unrecognized_keys", path, keys: [key], message: "" });
        } else stack.push({ value: child, path: [...path, Array.isArray(current) ? +key : key] });
      }
    }
  }
  return issues;
}

/** `value` read by `schema` after the input policy: its data, or field errors named by `naming`. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  naming: ErrorNaming,
): Parsed<z.output<S>> {
  const refused = policyIssues(value);
  if (refused.length > 0) return { ok: false, errors: fieldErrors(refused, naming) };
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrors(result.error.issues, naming) };
}
