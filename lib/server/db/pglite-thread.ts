import { workerData } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { worker } from "@electric-sql/pglite/worker";
import { PGLITE_EXTENSIONS, PGLITE_SETTINGS } from "./pglite-settings";

/*
 * The embedded database's own thread (issue 67): PGlite, PostgreSQL in WASM, runs every
 * statement here, never on the thread that renders pages and answers requests. It is PGlite's
 * own worker (`@electric-sql/pglite/worker`), written for a browser's Web Worker: its messages
 * come and go on a MessagePort the server hands over (connectPgliteThread in client.ts), which is
 * what a Web Worker's global postMessage and addEventListener are; its locks and channels are
 * Node's own (navigator.locks, BroadcastChannel). One PGlite per thread; the thread ends once the
 * server asks it to close the database (`CLOSE`), PostgreSQL having shut down cleanly.
 */

/** The message that closes the database and ends the thread (client.ts sends it). */
const CLOSE = "creator-jobs:close";

type Data = { port: MessagePort; dataDir?: string };
const { port, dataDir } = workerData as Data;

const scope = globalThis as unknown as {
  postMessage: (message: unknown) => void;
  addEventListener: MessagePort["addEventListener"];
  removeEventListener: MessagePort["removeEventListener"];
};
scope.postMessage = (message) => port.postMessage(message);
scope.addEventListener = port.addEventListener.bind(port);
scope.removeEventListener = port.removeEventListener.bind(port);

let opened: PGlite | undefined;
port.addEventListener("message", (event) => {
  if ((event as MessageEvent).data?.type !== CLOSE) return;
  // PGlite's worker keeps its channels and locks open for as long as the thread lives: the
  // thread is ended here, once PostgreSQL has shut down (its checkpoint written).
  void (opened?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
port.start();

void worker({
  init: async () => {
    opened = new PGlite({ dataDir, extensions: PGLITE_EXTENSIONS, ...PGLITE_SETTINGS });
    await opened.waitReady;
    return opened;
  },
});
