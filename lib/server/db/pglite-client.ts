import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { mkdirSync } from "node:fs";
import { MessageChannel, Worker } from "node:worker_threads";
import { log } from "../log";
import { workerFile } from "../worker-thread";
import { closing, MIGRATIONS_FOLDER, type DatabaseHandle } from "./client";
import { ChannelClient } from "./pglite-channel";
import { PGLITE_EXTENSIONS, PGLITE_SETTINGS } from "./pglite-settings";
import * as schema from "./schema";

export { PGLITE_EXTENSIONS, PGLITE_SETTINGS } from "./pglite-settings";

/**
 * The handle over PGlite, in the process or through the channel to its thread: drizzle on it,
 * and the migrations applied without a lock (the data folder has one owner, this process:
 * nothing else can be migrating it).
 */
function pgliteHandle(
  client: PGlite | ChannelClient,
  close: () => Promise<void>,
): Omit<DatabaseHandle, "pglite"> {
  const db = drizzlePglite({ client: client as PGlite, schema });
  return {
    db,
    kind: "pglite",
    migrate: async (andThen) => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await andThen?.();
    },
    ...closing(close),
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
  return { ...pgliteHandle(client, () => client.close()), pglite: client };
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
  const handle = pgliteHandle(client, async () => {
    const timer = setTimeout(() => void thread.terminate(), 30_000);
    await client.close().catch((error: unknown) => {
      log.error({ err: error }, "Closing the database thread failed");
      void thread.terminate();
    });
    await exited;
    clearTimeout(timer);
    port1.close();
  });
  return { ...handle, pglite: client };
}
