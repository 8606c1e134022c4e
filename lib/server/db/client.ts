import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { join } from "node:path";
import { Pool } from "pg";
import { log } from "../log";
import type { ChannelClient } from "./pglite-channel";
import * as schema from "./schema";

/*
 * The database handle, on PostgreSQL (connectPostgres, here) or on the embedded PGlite
 * (pglite-client.ts). PGlite's code is in a module of its own, loaded only where the embedded
 * database is opened: a server on PostgreSQL never loads it (issue 67, memory per worker).
 */

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  /** "pglite" for the embedded database, "postgres" for a server at DATABASE_URL. */
  kind: "pglite" | "postgres";
  /**
   * Applies the migrations not yet applied, then runs `andThen` (a first start's seed), both
   * under a lock that every instance on the same PostgreSQL database takes: instances started
   * together apply each migration once, the others waiting and then finding nothing to do.
   */
  migrate: (andThen?: () => Promise<void>) => Promise<void>;
  /** Closes the database, after running what `onClose` registered (the job queue stops first). */
  close: () => Promise<void>;
  onClose: (beforeClosing: () => Promise<void>) => void;
  /** PostgreSQL only: the pool behind `db` (shared rate limits use it) and its address. */
  postgres?: { pool: Pool; connectionString: string };
  /**
   * PGlite only: the embedded database itself (the job queue runs on it too), in the process
   * (connectPglite) or on its own thread (connectPgliteThread).
   */
  pglite?: PGlite | ChannelClient;
};

/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Whether statements sent at once run at once: on a PostgreSQL server (a pool of connections),
 * not on PGlite, where they take turns on one connection and gain nothing from it.
 */
export const runsConcurrently = (db: Database): boolean =>
  (db as { $client?: unknown }).$client instanceof Pool;

/**
 * Awaits queries (drizzle's start when awaited) all at once where statements run at once (a
 * pool), one after another otherwise: PGlite takes them in turn anyway, and a transaction is one
 * connection, where pg deprecates sending a query before the last has answered.
 */
export async function allQueries<T extends readonly unknown[]>(
  db: Database,
  queries: readonly [...{ [K in keyof T]: PromiseLike<T[K]> }],
): Promise<T> {
  if (runsConcurrently(db)) return (await Promise.all(queries)) as unknown as T;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as unknown as T;
}

export const MIGRATIONS_FOLDER = join(process.cwd(), "lib/server/db/migrations");

/**
 * The session-level advisory lock held while migrating and seeding; any constant would do, as
 * long as every instance uses the same one. Advisory locks are per database.
 */
export const MIGRATION_LOCK = 727_274_650_112;

/** `close` that first runs, once, whatever was registered with `onClose`. */
export function closing(close: () => Promise<void>): Pick<DatabaseHandle, "close" | "onClose"> {
  const before: Array<() => Promise<void>> = [];
  return {
    onClose: (beforeClosing) => void before.push(beforeClosing),
    close: async () => {
      for (const hook of before.splice(0)) {
        await hook().catch((error: unknown) => log.error({ err: error }, "Closing failed"));
      }
      await close();
    },
  };
}

/** A real PostgreSQL server, for production and for CI's second run of the DB tests. */
export function connectPostgres(connectionString: string): DatabaseHandle {
  const pool = new Pool({ connectionString, max: 10 });
  // An idle connection that drops (a restart, a network blip) must not take the process down.
  pool.on("error", (error) => log.error({ err: error }, "PostgreSQL connection error"));
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    migrate: async (andThen) => {
      // One dedicated connection holds the lock for the whole of it; it goes when that does.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        try {
          await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
          await andThen?.();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
        }
      } finally {
        // A one-off connection: closed, not returned to the pool.
        client.release(true);
      }
    },
    ...closing(() => pool.end()),
    postgres: { pool, connectionString },
  };
}
