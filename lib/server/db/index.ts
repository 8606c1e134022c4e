import { readServerEnv } from "../env";
import { connectPglite, connectPostgres, type Database, type DatabaseHandle } from "./client";
import { isDatabaseEmpty, seedSampleBoard } from "./seed/seed";

export type { Database } from "./client";

// Next.js may load this module more than once (the server entry and each bundle), but the
// process must hold one connection: PGlite's data directory takes a single owner.
const HANDLE = Symbol.for("creator-jobs.database");
type GlobalWithDatabase = typeof globalThis & { [HANDLE]?: Promise<DatabaseHandle> };

async function openDatabase(): Promise<DatabaseHandle> {
  const env = readServerEnv();
  const handle = env.DATABASE_URL ? connectPostgres(env.DATABASE_URL) : connectPglite(env.DATA_DIR);
  await handle.migrate();
  const seed = env.SEED_SAMPLE_DATA ? env.SEED_SAMPLE_DATA === "true" : handle.kind === "pglite";
  if (seed && (await isDatabaseEmpty(handle.db))) {
    // Dated from today, so the open roles are open now and the newest were posted this month.
    const counts = await seedSampleBoard(handle.db, { now: new Date() });
    console.info(
      `Seeded the sample board: ${counts.jobs} jobs at ${counts.companies} companies, ${counts.candidates} candidates.`,
    );
  }
  return handle;
}

/** The app's database, migrated (and on first start seeded) before first use. */
export async function getDatabase(): Promise<Database> {
  const store = globalThis as GlobalWithDatabase;
  store[HANDLE] ??= openDatabase().catch((error: unknown) => {
    store[HANDLE] = undefined;
    throw error;
  });
  return (await store[HANDLE]).db;
}

/** Makes `handle` the app's database: for tests and scripts that bring their own. */
export function provideDatabase(handle: DatabaseHandle): void {
  (globalThis as GlobalWithDatabase)[HANDLE] = Promise.resolve(handle);
}

export async function closeDatabase(): Promise<void> {
  const store = globalThis as GlobalWithDatabase;
  const handle = store[HANDLE];
  store[HANDLE] = undefined;
  if (handle) await (await handle).close();
}
