/*
 * Whether an error means a service the answer depends on is down for a moment (the database
 * stopped, restarting or unreachable) rather than a fault in the request or in our code. The API
 * answers those 503 JSON and pages a 503 page (pages/_error.tsx); both try again by themselves.
 * Plain checks on the error's code and message, so the error page can use them in any bundle.
 */

const CONNECTION_CODES = new Set([
  // The socket: refused, reset, timed out, unreachable, no such host.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL: shutting down, starting up, too many connections, connection failures.
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error|Client was closed|Cannot use a pool after calling end|PGlite is closed/i;

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

export function isServiceUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as ErrorLike;
  if (code === "unavailable" || (typeof code === "string" && CONNECTION_CODES.has(code))) {
    return true;
  }
  if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
  // node-postgres tries each address of a host: a refusal on all of them is an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isServiceUnavailable(inner, depth + 1))) {
    return true;
  }
  return isServiceUnavailable(cause, depth + 1);
}

/** What a visitor or client is told while the database is away. */
export const UNAVAILABLE_MESSAGE =
  "The job board is unavailable for a moment. Please try again in a few seconds.";
/** Seconds a client should wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER = 5;
