import { getHeapSpaceStatistics } from "node:v8";
import type { ThreadMemory } from "../db/pglite-channel";
import type { PageCache } from "./page-cache";

/*
 * What a serving process holds, on request (issue 67): with MEMORY_REPORT=true, SIGUSR2 makes the
 * process write one line to stderr, `memory-report {json}`, for bench/memory.mjs to read after its
 * fixed load. A signal and not an endpoint: nothing of the process's insides is served over HTTP.
 */

export const MEMORY_REPORT_PREFIX = "memory-report ";

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

export type MemoryReportSources = {
  cache?: PageCache;
  /** The embedded database's WebAssembly memory in bytes, when it runs in this thread. */
  wasmBytes?: () => number | undefined;
  /** The embedded database's thread, when it runs on one (lib/server/db/pglite-thread.ts). */
  thread?: () => Promise<ThreadMemory>;
};

/**
 * The process's memory in MB: resident set, V8's heap and its old space, buffers, the page
 * cache's bytes and PGlite's WebAssembly memory.
 */
export async function memoryReport({ cache, wasmBytes, thread }: MemoryReportSources) {
  const usage = process.memoryUsage();
  const own = await thread?.().catch(() => undefined);
  const spaces = getHeapSpaceStatistics();
  const old = spaces.find((space) => space.space_name === "old_space");
  return {
    pid: process.pid,
    rss: mb(usage.rss),
    heapUsed: mb(usage.heapUsed),
    heapTotal: mb(usage.heapTotal),
    oldSpaceUsed: mb(old?.space_used_size ?? 0),
    oldSpaceCommitted: mb(old?.physical_space_size ?? 0),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    pageCache: cache ? { entries: cache.stats().entries, mb: mb(cache.stats().bytes) } : null,
    wasm: mb(own?.wasm ?? wasmBytes?.() ?? 0),
    // The database thread's V8 heap (its WebAssembly memory is `wasm`); null without one.
    threadHeap: own ? { used: mb(own.heapUsed), total: mb(own.heapTotal) } : null,
    // Every space of V8's heap, used / committed (what --smaps's "V8 spaces" line prints).
    spaces: Object.fromEntries(
      spaces
        .filter((space) => space.physical_space_size > 0)
        .map((space) => [
          space.space_name.replace(/_space$/, ""),
          [mb(space.space_used_size), mb(space.physical_space_size)],
        ]),
    ),
  };
}

/** Writes the report on SIGUSR2; returns a function that stops listening. */
export function reportMemoryOnSignal(sources: MemoryReportSources): () => void {
  const write = () =>
    void memoryReport(sources).then((report) =>
      process.stderr.write(`${MEMORY_REPORT_PREFIX}${JSON.stringify(report)}\n`),
    );
  process.on("SIGUSR2", write);
  return () => process.off("SIGUSR2", write);
}
