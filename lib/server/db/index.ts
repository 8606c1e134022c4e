import { readServerEnv } from "../env";
import { log } from "../log";
import { backfillJobPlaces } from "../jobs/job-location";
import { connectPglite, connectPostgres, type Database, type DatabaseHandle } from "./client";
import { isDatabaseEmpty, seedSampleBoard } from "./seed/seed";

export type { Database, DatabaseHandle } from "./client";

// Next.js may load this module more than once (the server entry and each bundle), but the
// process must hold one connection: PGlite's data directory takes a single owner.
const HANDLE = Symbol.for("creator-jobs.database");
type Slot = { opening?: Promise<DatabaseHandle>; open?: DatabaseHandle };
type GlobalWithDatabase = typeof globalThis & { [HANDLE]?: Slot };

const slot = (): Slot => ((globalThis as GlobalWithDatabase)[HANDLE] ??= {});

async function openDatabase(): Promise<DatabaseHandle> {
  const env = readServerEnv();
  const handle = env.DATABASE_URL ? connectPostgres(env.DATABASE_URL) : connectPglite(env.DATA_DIR);
  const seed = env.SEED_SAMPLE_DATA ? env.SEED_SAMPLE_DATA === "true" : handle.kind === "pglite";
  try {
    // Under the migration lock: instances started together on an empty database seed it once.
    await handle.migrate(async () => {
      // Jobs written before migration 0015 get their place as data from their words.
      await backfillJobPlaces(handle.db);
      if (!seed || !(await isDatabaseEmpty(handle.db))) return;
      // Dated from today, so the open roles are open now and the newest were posted this month.
      const counts = await seedSampleBoard(handle.db, { now: new Date() });
      log.info(counts, "Seeded the sample board");
    });
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return handle;
}

/** The app's database handle, migrated (and on first start seeded) before first use. */
export async function getDatabaseHandle(): Promise<DatabaseHandle> {
  const store = slot();
  store.opening ??= openDatabase().then(
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

/** The app's database, migrated (and on first start seeded) before first use. */
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
