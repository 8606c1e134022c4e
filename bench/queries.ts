// Query latency on a large board in PGlite: a filtered newest-first page and a ranked keyword
// search, each run many times; prints p50, p95 and max in milliseconds.
// Usage: npx tsx bench/queries.ts [--jobs 100000] [--runs 200] [--data-dir DIR]
// With --data-dir the board is kept there and reused by the next run (seeding 100k takes ~1 min).
import { performance } from "node:perf_hooks";
import { connectPglite } from "@/lib/server/db/client";
import { isDatabaseEmpty, seedSampleBoard } from "@/lib/server/db/seed/seed";
import { searchJobs } from "@/lib/server/jobs/jobs-service";
import type { JobFilters } from "@/lib/job-filters";

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const jobCount = arg("jobs", 100_000);
const runs = arg("runs", 200);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const dataDirIndex = process.argv.indexOf("--data-dir");
  const handle = connectPglite(dataDirIndex > 0 ? process.argv[dataDirIndex + 1] : undefined);
  await handle.migrate();
  let started = performance.now();
  if (await isDatabaseEmpty(handle.db)) {
    const counts = await seedSampleBoard(handle.db, {
      jobs: jobCount,
      companies: Math.max(800, Math.round(jobCount / 20)),
      now: new Date(),
    });
    console.log(
      `seeded ${counts.jobs} jobs at ${counts.companies} companies in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await handle.db.execute("analyze");

  const cases: [string, JobFilters][] = [
    ["newest, all jobs", { page: 1, perPage: 20 }],
    ["department + region", { department: "design", region: "remote", page: 1, perPage: 20 }],
    [
      "department + type + salary, page 3",
      { department: "marketing", type: "full-time", salaryMin: 80_000, page: 3, perPage: 20 },
    ],
    ["keyword 'youtube editor'", { q: "youtube editor", page: 1, perPage: 20 }],
    ["keyword 'tiktok' + region", { q: "tiktok", region: "united-states", page: 1, perPage: 20 }],
  ];
  console.log(`\n${runs} runs each (the count query included)\n`);
  console.log(
    "case".padEnd(38),
    "p50".padStart(7),
    "p95".padStart(7),
    "max".padStart(7),
    "total".padStart(8),
  );
  for (const [name, filters] of cases) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < runs + 10; i++) {
      started = performance.now();
      const page = await searchJobs(handle.db, filters);
      if (i >= 10) times.push(performance.now() - started);
      total = page.total;
    }
    times.sort((a, b) => a - b);
    console.log(
      name.padEnd(38),
      percentile(times, 50).toFixed(1).padStart(7),
      percentile(times, 95).toFixed(1).padStart(7),
      times.at(-1)!.toFixed(1).padStart(7),
      String(total).padStart(8),
    );
  }
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
