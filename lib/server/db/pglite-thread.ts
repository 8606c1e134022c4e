import { getHeapStatistics } from "node:v8";
import { workerData } from "node:worker_threads";
import type { MessagePort } from "node:worker_threads";
import { PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import { collectHeap } from "../heap";
import { carry, type Reply, type Request, type ThreadMemory } from "./pglite-channel";
import { PGLITE_EXTENSIONS, PGLITE_SETTINGS } from "./pglite-settings";

/*
 * The embedded database's own thread (issue 67): PGlite, PostgreSQL in WASM, runs every
 * statement here, never on the thread that renders pages and answers requests. The server sends
 * one message per statement over the port it hands over (ChannelClient in pglite-channel.ts) and
 * gets one back: PGlite's `query`, `exec` and `transaction` run here as they would in the process,
 * with PGlite's own locks, so a statement sent outside a transaction waits until the open one
 * ends. One PGlite per thread; the thread ends once the server asks it to close the database,
 * PostgreSQL having shut down cleanly.
 */

type Data = { port: MessagePort; dataDir?: string };
const { port, dataDir } = workerData as Data;

const db = new PGlite({ dataDir, extensions: PGLITE_EXTENSIONS, ...PGLITE_SETTINGS });
// A failed start is answered to every request (the server's "ready" first), not thrown here.
db.waitReady.catch(() => undefined);

/** Open transactions, by the number the server's statements name them with. */
const open = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; over: Promise<void> }
>();
let nextTransaction = 1;
const stopListening = new Map<string, () => Promise<void>>();
const ROLLED_BACK = new Error("rolled back");

const keepText = (value: string) => value;

/** PGlite's query options from the request's: the types kept as text (drizzle's dates). */
const options = (request: Extract<Request, { op: "query" }>): QueryOptions => ({
  rowMode: request.rowMode,
  ...(request.asText && {
    parsers: Object.fromEntries(request.asText.map((type) => [type, keepText])),
  }),
});

/** Where a statement runs: its transaction, or the database (after any open transaction). */
function target(tx: number | undefined): Pick<Transaction, "query" | "exec"> {
  if (tx === undefined) return db;
  const transaction = open.get(tx)?.tx;
  if (!transaction) throw new Error("Transaction is closed");
  return transaction;
}

/**
 * Opens a transaction (PGlite's, holding its lock): answers its number once inside it. It stays
 * open until the server's "end", which commits or rolls it back.
 */
function begin(): Promise<number> {
  const number = nextTransaction++;
  return new Promise<number>((answer, refuse) => {
    let inside = false;
    const over = db
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollBack) => {
            inside = true;
            open.set(number, {
              tx,
              end: (wanted) => (wanted ? commit() : rollBack(ROLLED_BACK)),
              over,
            });
            answer(number);
          }),
      )
      .catch((error: unknown) => {
        if (!inside) refuse(error);
        // A COMMIT PostgreSQL refused is the server's error; a rollback asked for is not.
        if (error !== ROLLED_BACK) throw error;
      })
      .finally(() => open.delete(number));
    over.catch(() => undefined);
  });
}

/** Commits or rolls back transaction `tx`; settles once it is over, failing if COMMIT failed. */
async function end(tx: number, commit: boolean): Promise<void> {
  const transaction = open.get(tx);
  if (!transaction) return;
  transaction.end(commit);
  await transaction.over;
}

/** This thread's heap and PostgreSQL's WebAssembly memory, after a collection if asked. */
function memory(collect: boolean): ThreadMemory {
  if (collect) collectHeap();
  const heap = getHeapStatistics();
  const wasm = (db as unknown as { mod?: { HEAP8?: Int8Array } }).mod?.HEAP8?.length ?? 0;
  return { heapUsed: heap.used_heap_size, heapTotal: heap.total_heap_size, wasm };
}

async function answer(request: Request): Promise<unknown> {
  switch (request.op) {
    case "ready":
      await db.waitReady;
      return null;
    case "query":
      return target(request.tx).query(request.sql, request.params, options(request));
    case "exec":
      return target(request.tx).exec(request.sql);
    case "begin":
      return begin();
    case "end":
      return end(request.tx, request.commit);
    case "listen": {
      const unlisten = await db.listen(request.channel, (payload) =>
        port.postMessage({ notify: request.channel, payload } satisfies Reply),
      );
      stopListening.set(request.channel, unlisten);
      return null;
    }
    case "unlisten":
      await stopListening.get(request.channel)?.();
      stopListening.delete(request.channel);
      return null;
    case "memory":
      return memory(request.collect);
    case "close":
      await db.close();
      return null;
  }
}

port.on("message", (request: Request) => {
  void answer(request).then(
    (result) => {
      port.postMessage({ id: request.id, result } satisfies Reply);
      // PGlite's worker and WASM keep nothing open that would end the thread by itself.
      if (request.op === "close") setImmediate(() => process.exit(0));
    },
    (error: unknown) => port.postMessage({ id: request.id, error: carry(error) } satisfies Reply),
  );
});
