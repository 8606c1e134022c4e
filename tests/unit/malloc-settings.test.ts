import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { startCommand } from "@/bench/production-server.mjs";

/*
 * npm start's malloc settings (package.json, docs/performance.md "Memory after load"): a block of
 * MALLOC_MMAP_THRESHOLD_ or more is mapped on its own and given back when freed. Below it, blocks
 * come from glibc's heap, whose free space between blocks still in use is never given back (only
 * its top is trimmed). A crawl, a burst of searches and applications free many blocks of 32–64
 * kB between small ones that stay: they held 50–70 MB of a server's resident set after the load.
 */

const HEAP_MODULE = pathToFileURL(resolve(import.meta.dirname, "../../lib/server/heap.ts")).href;

/**
 * Blocks of `kb` kB, each followed by a small one that stays; then the large ones are freed, and
 * with `trim` the process's freed memory is given back as the quiet server does
 * (lib/server/heap.ts, `trimMalloc`, loaded with Node's own type stripping). The megabytes of
 * glibc's heap (`[heap]`) resident after that.
 */
function heapAfterFreeing(env: Record<string, string>, { kb = 40, trim = false } = {}): number {
  const probe = `
import { readFileSync } from "node:fs";
import { trimMalloc } from ${JSON.stringify(HEAP_MODULE)};
const kept = [];
let large = [];
for (let i = 0; i < 2000; i += 1) {
  large.push(Buffer.allocUnsafeSlow(${kb} * 1024).fill(1));
  kept.push(Buffer.allocUnsafeSlow(200).fill(1));
}
large = null;
globalThis.gc();
const trimmed = ${trim} ? await trimMalloc() : false;
const smaps = readFileSync("/proc/self/smaps", "utf8");
const at = smaps.indexOf("[heap]");
const kb = at < 0 ? 0 : Number(/Rss:\\s+(\\d+) kB/.exec(smaps.slice(at))[1]);
console.log(JSON.stringify({ heapMb: kb / 1024, kept: kept.length, trimmed }));
`;
  const run = spawnSync(
    process.execPath,
    ["--expose-gc", "--no-warnings", "--input-type=module", "-e", probe],
    { env: { ...process.env, ...env }, encoding: "utf8" },
  );
  expect(run.status, run.stderr).toBe(0);
  const result = JSON.parse(run.stdout) as { heapMb: number; kept: number; trimmed: boolean };
  expect(result.kept).toBe(2000);
  expect(result.trimmed).toBe(trim);
  return result.heapMb;
}

describe.runIf(existsSync("/proc/self/smaps"))("npm start's malloc settings", () => {
  it("give back the 40 kB blocks a burst of requests frees (80 MB of them)", () => {
    expect(heapAfterFreeing(startCommand().env)).toBeLessThan(30);
  });

  it("the probe sees the heap keep them under glibc's 64 kB threshold", () => {
    // What npm start set before issue 67: the probe would not tell the settings apart otherwise.
    const before = { ...startCommand().env, MALLOC_MMAP_THRESHOLD_: "65536" };
    expect(heapAfterFreeing(before)).toBeGreaterThan(60);
  });

  it("leave blocks under the threshold (16 kB, 32 MB of them) in the heap until it is trimmed", () => {
    // What a quiet server does after its collection (lib/server/http/idle-collector.ts): without
    // the trim the freed blocks between the small ones keep their pages.
    const env = startCommand().env;
    const kept = heapAfterFreeing(env, { kb: 16 });
    expect(kept).toBeGreaterThan(25);
    // Not all of it: each small block that stays holds the page it is on (2,000 pages, 8 MB, where
    // the blocks alternate), so a fixed floor would bet on where malloc put them.
    expect(heapAfterFreeing(env, { kb: 16, trim: true })).toBeLessThan(kept / 2);
  });
});
