import { describe, expect, it } from "vitest";
import { memoryReport } from "@/lib/server/http/memory-report";
import { PageCache } from "@/lib/server/http/page-cache";

describe("memoryReport (MEMORY_REPORT=true, SIGUSR2)", () => {
  it("says the process's resident set, V8's heap and what the page cache holds", async () => {
    const cache = new PageCache();
    const body = Buffer.alloc(300_000, "a");
    cache.store("/jobs/1", { status: 200, headers: {}, body }, { maxAge: 60, staleFor: 60 });
    const report = await memoryReport({ cache, wasmBytes: () => 16 * 2 ** 20 });
    expect(report.pid).toBe(process.pid);
    expect(report.rss).toBeGreaterThan(report.heapUsed);
    expect(report.heapTotal).toBeGreaterThanOrEqual(report.oldSpaceCommitted);
    expect(report.oldSpaceUsed).toBeGreaterThan(0);
    expect(report.pageCache).toEqual({ entries: 1, mb: 0.3 });
    expect(report.wasm).toBe(16);
    expect(report.threadHeap).toBeNull();
  });

  it("says nothing of a page cache or WebAssembly that are not there", async () => {
    expect(await memoryReport({})).toMatchObject({ pageCache: null, wasm: 0 });
  });
});
