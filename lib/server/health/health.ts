import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getDatabase } from "../db";
import { MIGRATIONS_FOLDER, rowsOf, type Database } from "../db/client";
import { databaseErrorCode } from "../db/errors";
import { unavailable } from "../errors";

/*
 * Readiness: whether this server can serve requests now. The database must answer, and every
 * migration of this build must be applied (drizzle records each in drizzle.__drizzle_migrations
 * with its journal entry's `when`). A check that fails is a 503 naming it, with Retry-After.
 */

/** A database that takes longer than this to answer is not ready. */
const CHECK_TIMEOUT_MS = 3_000;
const RETRY_AFTER_SECONDS = 5;

type Journal = { entries: { tag: string; when: number }[] };

let journal: Journal | undefined;
/** The migrations this build knows, from the journal drizzle-kit writes beside them. */
function knownMigrations(): Journal["entries"] {
  journal ??= JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
  ) as Journal;
  return journal.entries;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The journal entries whose migration is not recorded as applied in `db`. */
export async function missingMigrations(db: Database): Promise<string[]> {
  let rows: { created_at: unknown }[] = [];
  try {
    rows = rowsOf(await db.execute(sql`select created_at from drizzle.__drizzle_migrations`));
  } catch (error) {
    // No such table (or schema): nothing was ever applied.
    if (!["42P01", "3F000"].includes(databaseErrorCode(error) ?? "")) throw error;
  }
  const applied = new Set(rows.map((row) => String(row.created_at)));
  return knownMigrations()
    .filter((entry) => !applied.has(String(entry.when)))
    .map((entry) => entry.tag);
}

/** Resolves when the server is ready; otherwise throws a 503 that says which check failed. */
export async function checkReadiness(): Promise<void> {
  let missing: string[];
  try {
    const db = await within(getDatabase(), CHECK_TIMEOUT_MS);
    await within(db.execute(sql`select 1`), CHECK_TIMEOUT_MS);
    missing = await within(missingMigrations(db), CHECK_TIMEOUT_MS);
  } catch {
    throw unavailable("Not ready: the database does not answer.", RETRY_AFTER_SECONDS);
  }
  if (missing.length > 0) {
    const count = missing.length === 1 ? "1 migration is" : `${missing.length} migrations are`;
    throw unavailable(`Not ready: ${count} not applied.`, RETRY_AFTER_SECONDS);
  }
}
