import { collectHeap, trimMalloc } from "../heap";
import { log } from "../log";

/*
 * Memory given back once the server has gone quiet (issue 48). V8 grows its heap while requests
 * come in and keeps what it grew: the pages of its heap that a burst of requests filled with
 * garbage stay committed, and stay in the process's resident set, after the garbage is gone.
 * A memory-reducing collection (V8's "last resort" one, which also compacts the heap and gives
 * its pooled pages back) takes a warmed server from about 360 MB to about 260 MB on the embedded
 * database. It costs 150–250 ms of the main thread, so it runs only when no request has been in
 * flight for `quietMs`, and once per quiet spell: again only after requests have been answered.
 * Under steady traffic it never runs, and V8's own collections do what they always do.
 */

/** Tells the collector when each request starts and ends; `stop` clears its timer. */
export type IdleCollector = { begin: () => void; end: () => void; stop: () => void };

export type IdleCollectorOptions = {
  /** How long nothing must be in flight before the collection runs. */
  quietMs: number;
  /** The collection itself (tests count calls). */
  collect?: () => void;
};

/** How long the server must be quiet before it collects: longer than a page's own requests. */
export const IDLE_COLLECT_AFTER_MS = 5_000;

/**
 * V8's memory-reducing collection, where `gc` is exposed (`npm start` runs node with
 * `--expose-gc`); nothing where it is not. Then, once `otherThreads` (the embedded database's
 * thread collecting its own heap) is done, the freed malloc memory of the whole process goes back
 * to the system (lib/server/heap.ts, `trimMalloc`).
 */
export async function collectAllGarbage(
  otherThreads: () => Promise<unknown> = async () => undefined,
): Promise<void> {
  const before = process.memoryUsage.rss();
  const started = performance.now();
  if (!collectHeap()) return;
  const collectedMs = performance.now() - started;
  await otherThreads().catch(() => undefined);
  const trimStarted = performance.now();
  const trimmed = await trimMalloc();
  log.debug(
    {
      ms: Math.round(collectedMs),
      trimmed,
      trimMs: Math.round(performance.now() - trimStarted),
      rssMbBefore: Math.round(before / 2 ** 20),
      rssMbAfter: Math.round(process.memoryUsage.rss() / 2 ** 20),
    },
    "Quiet: memory collected",
  );
}

export function idleCollector({
  quietMs,
  collect = collectAllGarbage,
}: IdleCollectorOptions): IdleCollector {
  let inFlight = 0;
  // Requests answered since the last collection: a server left alone collects once, not again
  // every quiet spell.
  let answered = false;
  let timer: NodeJS.Timeout | undefined;
  const disarm = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return {
    begin() {
      inFlight += 1;
      disarm();
    },
    end() {
      inFlight = Math.max(0, inFlight - 1);
      answered = true;
      if (inFlight > 0) return;
      disarm();
      timer = setTimeout(() => {
        timer = undefined;
        if (inFlight > 0 || !answered) return;
        answered = false;
        collect();
      }, quietMs);
      // A quiet server that is stopping does not wait for this.
      timer.unref();
    },
    stop: disarm,
  };
}
