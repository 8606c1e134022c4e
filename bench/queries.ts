// Query latency on a large board in PGlite: filtered newest-first pages, ranked keyword searches,
// and a candidate's recommendations and job marks, each run many times; prints p50, p95 and max
// in milliseconds.
// Usage: npx tsx bench/queries.ts [--jobs 100000] [--runs 200] [--data-dir DIR]
// With --data-dir the board is kept there and reused by the next run (seeding 100k takes ~1 min).
import { performance } from "node:perf_hooks";
import { connectPglite } from "@/lib/server/db/pglite-client";
import { isDatabaseEmpty, seedSampleBoard } from "@/lib/server/sample-board/seed";
import { getJobMarks, hideJob, saveJob } from "@/features/account/server/job-marks";
import { recommendJobs, updatePreferences } from "@/features/account/server/preferences";
import { jobs } from "@/lib/server/db/schema";
import { searchJobs } from "@/features/jobs/server/job-search";
import { searchJobBoard } from "@/features/jobs/server/job-search";
import { findOrCreateUser } from "@/lib/server/users/users";
import type { JobFilters } from "@/features/jobs/filters";
import { printLatencies, type LatencyCase } from "./latency";

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const jobCount = arg("jobs", 100_000);
const runs = arg("runs", 200);

async function main() {
  const dataDirIndex = process.argv.indexOf("--data-dir");
  const handle = connectPglite(dataDirIndex > 0 ? process.argv[dataDirIndex + 1] : undefined);
  await handle.migrate();
  const started = performance.now();
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

  // Two candidates: one with no preferences, one picky who saved and hid 200 jobs each.
  const newcomer = await findOrCreateUser(handle.db, { uid: "bench-newcomer" });
  const picky = await findOrCreateUser(handle.db, { uid: "bench-picky" });
  await updatePreferences(handle.db, picky.id, {
    departments: ["design", "creator-partnerships"],
    types: ["full-time", "contractor"],
    remote_only: true,
    salary_min: 60_000,
  });
  const sample = await handle.db.select({ id: jobs.id }).from(jobs).limit(400);
  for (const [index, { id }] of sample.entries()) {
    await (index % 2 ? hideJob : saveJob)(handle.db, picky.id, id);
  }

  const search = (filters: JobFilters) => async () => (await searchJobs(handle.db, filters)).total;
  const cases: LatencyCase[] = [
    ["newest, all jobs", search({ page: 1, per_page: 20 })],
    [
      "department + region",
      search({ department: "design", region: "remote", page: 1, per_page: 20 }),
    ],
    [
      "department + type + salary, page 3",
      search({
        department: "marketing",
        type: "full-time",
        salary_min: 80_000,
        page: 3,
        per_page: 20,
      }),
    ],
    // A region page: its own jobs and the remote ones open to people there (board_regions).
    ["region europe, page 1", search({ region: "europe", page: 1, per_page: 20 })],
    ["region africa, page 5", search({ region: "africa", page: 5, per_page: 20 })],
    ["keyword 'youtube editor'", search({ q: "youtube editor", page: 1, per_page: 20 })],
    [
      "keyword 'tiktok' + region",
      search({ q: "tiktok", region: "united-states", page: 1, per_page: 20 }),
    ],
    // What a search page reads: the page, and the counts beside each filter.
    [
      "search page 'youtube editor' + counts",
      async () =>
        (await searchJobBoard(handle.db, { q: "youtube editor", page: 1, per_page: 20 })).total,
    ],
    [
      "search page 'manager' + counts",
      async () => (await searchJobBoard(handle.db, { q: "manager", page: 1, per_page: 20 })).total,
    ],
    [
      "search page 'edtor' (a typo) + counts",
      async () => (await searchJobBoard(handle.db, { q: "edtor", page: 1, per_page: 20 })).total,
    ],
    [
      "recommendations, no preferences",
      async () => (await recommendJobs(handle.db, newcomer.id, 1)).total,
    ],
    [
      "recommendations, picky, 200 hidden, p2",
      async () => (await recommendJobs(handle.db, picky.id, 2)).total,
    ],
    [
      "job marks, 200 saved + 200 hidden",
      async () => (await getJobMarks(handle.db, picky.id)).saved.length,
    ],
  ];
  console.log(`\n${runs} runs each (the count query included)\n`);
  await printLatencies(cases, runs);
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
