/**
 * The SQLSTATE code of a database error (PostgreSQL's, as node-postgres and PGlite report it),
 * looked for through the causes drizzle wraps it in; undefined for any other error.
 */
export function databaseErrorCode(error: unknown): string | undefined {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.code === "string" && /^[0-9A-Z]{5}$/.test(current.code)) {
      return current.code;
    }
    current = current.cause as typeof current;
  }
  return undefined;
}

/** The name of the constraint (or unique index) a database error is about, if it says one. */
export function databaseErrorConstraint(error: unknown): string | undefined {
  let current = error as { constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.constraint === "string") return current.constraint;
    current = current.cause as typeof current;
  }
  return undefined;
}
