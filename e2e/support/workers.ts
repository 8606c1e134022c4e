import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";

/*
 * How many browser test files run at once: as many as the machine's cores are free just now,
 * measured, not assumed. Each worker drives a Chromium of its own against the one app server
 * and the one Auth emulator; two workers on a quiet 2-core machine keep it busy, but beside a
 * neighbour that holds a core (a build box, a laptop's other work) two Chromiums, the server and
 * the emulator starve each other and tests run out of time (issue 41). One worker then.
 */

/** The most workers: past it the one app server, not the browsers, is what everyone waits for. */
const MOST = 4;

/** How long the machine is watched to see what is free. */
const SAMPLE_MS = 2_000;

/**
 * Cores free over SAMPLE_MS, from /proc/stat's idle time (in a child process that sleeps, so
 * this one's own start does not count): the machine's cores times the idle share. On a machine
 * without /proc/stat, every core counts as free.
 */
function freeCores(): number {
  const script = `
    const { readFileSync } = require("node:fs");
    const read = () => readFileSync("/proc/stat", "utf8").split("\\n")[0].trim().split(/\\s+/).slice(1).map(Number);
    const before = read();
    setTimeout(() => {
      const after = read().map((value, i) => value - before[i]);
      const total = after.reduce((sum, value) => sum + value, 0);
      // idle and iowait
      process.stdout.write(String(total > 0 ? (after[3] + (after[4] || 0)) / total : 1));
    }, ${SAMPLE_MS});`;
  try {
    const idle = Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
    return availableParallelism() * (Number.isFinite(idle) ? idle : 1);
  } catch {
    return availableParallelism();
  }
}

/**
 * The number of workers: E2E_WORKERS when set, else the free cores, rounded, between 1 and MOST.
 * Measured once per run: Playwright's worker processes load the config too, and are told the
 * number through the environment they inherit.
 */
export function e2eWorkers(): number {
  const given = process.env.E2E_WORKERS;
  if (given) return Math.max(1, Number(given));
  const measured = Math.max(1, Math.min(MOST, Math.round(freeCores())));
  process.env.E2E_WORKERS = String(measured);
  console.log(`Browser tests: ${measured} worker(s) for the cores free just now`);
  return measured;
}
