import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Pool } from "pg";
import { log } from "../log";
import * as schema from "./schema";

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
  /** PGlite only: the embedded database itself (the job queue runs on it too). */
  pglite?: PGlite;
};

/** The rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Whether statements sent at once run at once: on a PostgreSQL server (a pool of connections),
 * not on PGlite, where they take turns on one connection and gain nothing from it.
 */
export const runsConcurrently = (db: Database): boolean =>
  (db as { $client?: unknown }).$client instanceof Pool;

export const MIGRATIONS_FOLDER = join(process.cwd(), "lib/server/db/migrations");

/**
 * The session-level advisory lock held while migrating and seeding; any constant would do, as
 * long as every instance uses the same one. Advisory locks are per database.
 */
export const MIGRATION_LOCK = 727_274_650_112;

/** `close` that first runs, once, whatever was registered with `onClose`. */
function closing(close: () => Promise<void>): Pick<DatabaseHandle, "close" | "onClose"> {
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

/** What PGlite loads besides PostgreSQL: pg_trgm, for keyword search's typos (migration 0019). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite's own settings (issue 48). PostgreSQL's buffer pool lives in the WASM module's memory,
 * which never shrinks: PGlite 0.3 fixed it at 128 MB, and a sample board's pages filled it.
 * 16 MB holds the pages every search and list reads; the rest comes from the data folder's
 * files, which the operating system caches outside the process. The database is template1, where
 * PGlite 0.3 kept the tables (0.4 connects to "postgres" by default): data folders made before
 * keep working.
 */
export const PGLITE_SETTINGS = {
  database: "template1",
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
};

/**
 * PostgreSQL in WASM: persisted under `dataDir`, or in memory when none is given; starting as
 * a copy of `loadDataDir` (a dump of another's data folder) when given.
 */
export function connectPglite(
  dataDir?: string,
  { loadDataDir }: { loadDataDir?: Blob } = {},
): DatabaseHandle {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({
    dataDir,
    loadDataDir,
    extensions: PGLITE_EXTENSIONS,
    ...PGLITE_SETTINGS,
  });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    // The data folder has one owner, this process: nothing else can be migrating it.
    migrate: async (andThen) => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await andThen?.();
    },
    ...closing(() => client.close()),
    pglite: client,
  };
}
