import { ZodError } from "zod";
import type { ErrorCode } from "@/lib/api/errors";
import { BODY_NAMING, fieldErrors, type FieldErrors } from "@/lib/validation/field-errors";
import {
  isServiceUnavailable,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER,
} from "@/lib/unavailable";
import { sentryConfigured } from "@/lib/sentry-options";
import { databaseErrorCode } from "../db/errors";
import { log } from "../log";
import { AppError, InvalidInput } from "../errors";

/*
 * The one place where errors become answers: every API error goes out through errorResponse,
 * and every status the API answers with an error comes from STATUS_OF.
 */

const STATUS_OF: Record<ErrorCode, number> = {
  invalid_input: 422,
  malformed_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  removed_from_team: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

const GENERIC_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

/** Any error as one of ours (cal.com's getServerErrorFromUnknown, in our words). */
function toAppError(error: unknown, requestId: string | undefined): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new InvalidInput(fieldErrors(error.issues, BODY_NAMING));
  if (isServiceUnavailable(error)) {
    log.warn({ requestId, reason: (error as Error).message }, "The database is unavailable");
    return new AppError("unavailable", UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER);
  }
  // A transaction that lost to another at the same moment (a deadlock or a serialization
  // failure, class 40): nothing of it was kept, and the same request again can succeed.
  if (databaseErrorCode(error)?.startsWith("40")) {
    log.warn({ requestId, code: databaseErrorCode(error) }, "A transaction lost to another");
    return new AppError("conflict", "Someone changed this at the same moment: please try again");
  }
  // Details stay in the server log and Sentry; the client learns only that it failed.
  log.error({ err: error, requestId }, "Request failed");
  if (sentryConfigured())
    void import("@sentry/nextjs").then((Sentry) => Sentry.captureException(error));
  // PostgreSQL's data exceptions (class 22): a value our checks let through that it refuses.
  if (databaseErrorCode(error)?.startsWith("22")) {
    // Input our checks should have refused: still the client's request, not our fault.
    return new AppError("malformed_request", "The request holds a value that cannot be stored");
  }
  return new AppError("internal", GENERIC_ERROR_MESSAGE);
}

export type ErrorAnswer = { error: string; code: ErrorCode; errors?: FieldErrors };

/** `requestId`: the request's (X-Request-Id), for the log line of a failure. */
export function errorResponse(
  error: unknown,
  requestId?: string,
): {
  status: number;
  body: ErrorAnswer;
  headers: Record<string, string>;
} {
  const known = toAppError(error, requestId);
  const headers: Record<string, string> = {
    // A cache header set before the failure must not make the error shareable.
    "Cache-Control": "private, no-store",
  };
  if (known.retryAfter !== undefined) headers["Retry-After"] = String(known.retryAfter);
  const body: ErrorAnswer = { error: known.message, code: known.code };
  if (known instanceof InvalidInput) body.errors = known.errors;
  return { status: STATUS_OF[known.code], body, headers };
}
