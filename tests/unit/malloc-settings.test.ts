import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { startCommand } from "@/bench/production-server.mjs";

/*
 * npm start's malloc settings (package.json, docs/performance.md "Memory after load"): a block of
 * MALLOC_MMAP_THRESHOLD_ or more is mapped on its own and given back when freed. Below it, blocks
 * come from glibc's heap, whose free space between blocks still in use is never given back (only
 * its top is trimmed). A crawl, a burst of searches and applications free many blocks of 32–64
 * kB between small ones that stay: they held 50–70 MB of a server's resident set after the load.
 */

// Blocks of 40 kB, each followed by a small one that stays; then the large ones are freed.
const PROBE = `
const kept = [];
let large = [];
for (let i = 0; i < 2000; i += 1) {
  large.push(Buffer.allocUnsafeSlow(40 * 1024).fill(1));
  kept.push(Buffer.allocUnsafeSlow(200).fill(1));
}
large = null;
globalThis.gc();
const smaps = require("node:fs").readFileSync("/proc/self/smaps", "utf8");
const at = smaps.indexOf("[heap]");
const kb = at < 0 ? 0 : Number(/Rss:\\s+(\\d+) kB/.exec(smaps.slice(at))[1]);
console.log(JSON.stringify({ heapMb: kb / 1024, kept: kept.length }));
`;

function heapAfterFreeing(env: Record<string, string>): number {
  const run = spawnSync(process.execPath, ["--expose-gc", "-e", PROBE], {
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  const { heapMb, kept } = JSON.parse(run.stdout) as { heapMb: number; kept: number };
  expect(kept).toBe(2000);
  return heapMb;
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
});
