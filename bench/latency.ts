import { performance } from "node:perf_hooks";

/** A case to time: its name, and a run that answers the count it found (printed beside). */
export type LatencyCase = [name: string, run: (index: number) => Promise<number>];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Runs each case `runs` times after 10 unmeasured warm-up runs, one at a time, and prints a table
 * of p50, p95, p99 and max in milliseconds, with the count the last run found under `countLabel`.
 */
export async function printLatencies(
  cases: LatencyCase[],
  runs: number,
  countLabel = "total",
): Promise<void> {
  const width = Math.max(38, ...cases.map(([name]) => name.length + 1));
  console.log(
    "case".padEnd(width),
    "p50".padStart(7),
    "p95".padStart(7),
    "p99".padStart(7),
    "max".padStart(7),
    countLabel.padStart(8),
  );
  for (const [name, run] of cases) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < runs + 10; i++) {
      const started = performance.now();
      found = await run(i);
      if (i >= 10) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      name.padEnd(width),
      percentile(times, 50).toFixed(1).padStart(7),
      percentile(times, 95).toFixed(1).padStart(7),
      percentile(times, 99).toFixed(1).padStart(7),
      times.at(-1)!.toFixed(1).padStart(7),
      String(found).padStart(8),
    );
  }
}
