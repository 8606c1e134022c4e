import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { mkdirSync } from "node:fs";
import { MessageChannel, Worker } from "node:worker_threads";
import { join } from "node:path";
import { Pool } from "pg";
import { log } from "../log";
import { workerFile } from "../worker-thread";
import { ChannelClient } from "./pglite-channel";
import { PGLITE_EXTENSIONS, PGLITE_SETTINGS } from "./pglite-settings";
import * as schema from "./schema";

export { PGLITE_EXTENSIONS, PGLITE_SETTINGS } from "./pglite-settings";

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

/**
 * PostgreSQL in WASM: persisted under `dataDir`, or in memory when none is given; starting as
 * a copy of `loadDataDir` (a dump of another's data folder) when given.
 */
export function connectPglite(
  dataDir?: string,
  { loadDataDir }: { loadDataDir?: Blob } = {},
): DatabaseHandle & { pglite: PGlite } {
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

/**
 * The embedded database on a thread of its own (issue 67), as the server opens it: PGlite runs
 * every statement on pglite-thread.ts's thread, and this thread keeps rendering pages and
 * answering requests meanwhile. The handle's `db` is the same drizzle database as
 * connectPglite's, over ChannelClient (pglite-channel.ts): one message per statement each way,
 * transactions holding the database on the thread as they do in the process. Closing shuts
 * PostgreSQL down on its thread, then ends it.
 */
export async function connectPgliteThread(dataDir?: string): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const { port1, port2 } = new MessageChannel();
  const thread = new Worker(await workerFile("pglite"), {
    workerData: { port: port2, dataDir },
    transferList: [port2],
  });
  const client = new ChannelClient(port1);
  const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
  thread.once("error", (error) => {
    log.error({ err: error }, "The database thread failed");
    client.failAll(error);
  });
  void exited.then(() => client.failAll(new Error("PGlite is closed")));
  await client.ready();
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db,
    kind: "pglite",
    migrate: async (andThen) => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await andThen?.();
    },
    ...closing(async () => {
      const timer = setTimeout(() => void thread.terminate(), 30_000);
      await client.close().catch((error: unknown) => {
        log.error({ err: error }, "Closing the database thread failed");
        void thread.terminate();
      });
      await exited;
      clearTimeout(timer);
      port1.close();
    }),
    pglite: client,
  };
}
