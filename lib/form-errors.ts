import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { hasFieldErrors } from "@/lib/error-toast";

/**
 * Puts a 422's field errors (`{ errors: { field: [messages] } }`) on the form's fields, so each
 * shows next to its field (a listed field takes its parts' errors too: "job.screening_questions"
 * takes "job.screening_questions.0.prompt"). Errors for fields the form does not have go on
 * `root.server`.
 * Returns whether there were any.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!hasFieldErrors(error)) return false;
  const elsewhere: string[] = [];
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages.join(" ");
    if (fields.some((name) => field === name || field.startsWith(`${name}.`)))
      setError(field as Path<T>, { type: "server", message });
    else elsewhere.push(message);
  }
  if (elsewhere.length) {
    setError("root.server" as Path<T>, { type: "server", message: elsewhere.join(" ") });
  }
  return true;
}

/** The server's sentence for a failed call (its `error`), or `fallback` when it gave none. */
/** The API's error code of a failed call ("not_found", "forbidden", ...), if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

export function serverMessage(error: unknown, fallback: string): string {
  const message = (error as { error?: unknown } | null)?.error;
  return typeof message === "string" ? message : fallback;
}

/** The codes of a refusal whose sentence says what to do: not found, not allowed, not now. */
const REFUSALS = new Set(["conflict", "forbidden", "gone", "not_found", "removed_from_team"]);

/** A failure the API refused with a sentence of its own (`{ error, code }`). */
export function isRefusal(error: unknown): error is { error: string; code: string } {
  if (typeof error !== "object" || error === null) return false;
  const { code, error: message } = error as { code?: unknown; error?: unknown };
  return typeof code === "string" && REFUSALS.has(code) && typeof message === "string";
}
