import type { ErrorCode } from "@/lib/api/errors";
import type { FieldErrors } from "@/lib/validation/field-errors";

/*
 * What went wrong, in the words of the domain. Services and the request pipeline throw these;
 * lib/server/http/error-response.ts is the one place that turns them into HTTP answers.
 */

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Seconds to wait before trying again (rate limits, outages). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** Fields that fail their rules; the answer keys each field's messages by its name. */
export class InvalidInput extends AppError {
  readonly errors: FieldErrors;
  constructor(errors: FieldErrors) {
    super("invalid_input", "Some fields are invalid");
    this.name = "InvalidInput";
    // Without a prototype, a field named like a property of Object is a field like any other.
    this.errors = Object.assign(Object.create(null) as FieldErrors, errors);
  }
}

export const notFound = (message: string) => new AppError("not_found", message);
export const removedFromTeam = (message: string) => new AppError("removed_from_team", message);
export const conflict = (message: string) => new AppError("conflict", message);
export const gone = (message: string) => new AppError("gone", message);
export const forbidden = (message: string) => new AppError("forbidden", message);
export const unauthenticated = (message: string) => new AppError("unauthenticated", message);
export const unavailable = (message: string, retryAfter?: number) =>
  new AppError("unavailable", message, retryAfter);
export const malformed = (message: string) => new AppError("malformed_request", message);
