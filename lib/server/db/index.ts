import { readServerEnv, type ServerEnv } from "../env";
import { connectPostgres, type Database, type DatabaseHandle } from "./client";

export type { Database, DatabaseHandle } from "./client";

// Next.js may load this module more than once (the server entry and each bundle), but the
// process must hold one connection: PGlite's data directory takes a single owner.
const HANDLE = Symbol.for("creator-jobs.database");
type Slot = { opening?: Promise<DatabaseHandle>; open?: DatabaseHandle };
type GlobalWithDatabase = typeof globalThis & { [HANDLE]?: Slot };

const slot = (): Slot => ((globalThis as GlobalWithDatabase)[HANDLE] ??= {});

/**
 * Work done once the migrations are applied, under the same lock, by whoever opens the database
 * first: the server and the worker bring the app's (lib/server/start/app-database.ts: backfills and a
 * first start's sample board), which the database layer does not know of.
 */
export type AfterMigrating = (handle: DatabaseHandle, env: ServerEnv) => Promise<void>;

async function openDatabase(afterMigrating?: AfterMigrating): Promise<DatabaseHandle> {
  const env = readServerEnv();
  // The embedded database, with PGLITE_THREAD on a thread of its own (issue 67): its statements
  // never hold the thread that renders pages.
  // PGlite's code is loaded only here, when it is the database (pglite-client.ts).
  const pglite = () => import("./pglite-client");
  const handle = env.DATABASE_URL
    ? connectPostgres(env.DATABASE_URL)
    : env.PGLITE_THREAD
      ? await (await pglite()).connectPgliteThread(env.DATA_DIR)
      : (await pglite()).connectPglite(env.DATA_DIR);
  try {
    // Under the migration lock: instances started together on an empty database seed it once.
    await handle.migrate(afterMigrating && (() => afterMigrating(handle, env)));
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return handle;
}

/**
 * The app's database handle, migrated before first use. The first caller opens it, running
 * `afterMigrating` (the server and the worker open it first, through openAppDatabase).
 */
export async function getDatabaseHandle(afterMigrating?: AfterMigrating): Promise<DatabaseHandle> {
  const store = slot();
  store.opening ??= openDatabase(afterMigrating).then(
    (handle) => {
      store.open = handle;
      return handle;
    },
    (error: unknown) => {
      store.opening = undefined;
      throw error;
    },
  );
  return store.opening;
}

/** The app's database, migrated before first use. */
export async function getDatabase(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** The handle if the database is open by now, without opening it. */
export function openDatabaseHandle(): DatabaseHandle | undefined {
  return slot().open;
}

/** Makes `handle` the app's database: for tests and scripts that bring their own. */
export function provideDatabase(handle: DatabaseHandle): void {
  const store = slot();
  store.open = handle;
  store.opening = Promise.resolve(handle);
}

export async function closeDatabase(): Promise<void> {
  const store = slot();
  const handle = store.opening;
  store.opening = undefined;
  store.open = undefined;
  if (handle) await (await handle).close();
}
