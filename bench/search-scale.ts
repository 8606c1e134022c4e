// Keyword search at scale on PostgreSQL: the search a page or /api/jobs runs (ranked page, the
// counts beside each filter, typo lookups), each time a keyword no one searched before, on a
// board of --jobs listings; prints p50, p95 and max in milliseconds. Issue 29's target: p95 of
// 20 ms or less at 1,000,000 jobs.
// Usage: bash scripts/with-postgres.sh npx tsx bench/search-scale.ts [--jobs 1000000] [--runs 300]
//   Seeds the board at TEST_DATABASE_URL (or DATABASE_URL) when it has no jobs; a million jobs
//   take some 20 minutes and 5 GB. --companies defaults to one per 20 jobs.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { connectPostgres } from "@/lib/server/db/client";
import { isDatabaseEmpty, seedSampleBoard } from "@/lib/server/sample-board/seed";
import { searchJobBoard } from "@/features/jobs/server/job-search";
import { printLatencies } from "./latency";

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const jobCount = arg("jobs", 1_000_000);
const companyCount = arg("companies", Math.max(800, Math.round(jobCount / 20)));
const runs = arg("runs", 300);

/** Words candidates search for, each paired with a token no job has: every search is new. */
const WORDS = ["editor", "video", "designer", "manager", "youtube", "social", "writer", "brand"];

async function main() {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error("Set TEST_DATABASE_URL or DATABASE_URL (scripts/with-postgres.sh)");
  const handle = connectPostgres(url);
  await handle.migrate();
  if (await isDatabaseEmpty(handle.db)) {
    const started = performance.now();
    const counts = await seedSampleBoard(
      handle.db,
      { jobs: jobCount, companies: companyCount, now: new Date() },
      undefined,
      null,
    );
    console.log(
      `seeded ${counts.jobs} jobs at ${counts.companies} companies in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  const cases: [string, (i: number) => string][] = [
    [
      "a common word or a new token",
      (i) => `${WORDS[i % WORDS.length]} or ${randomBytes(5).toString("hex")}`,
    ],
    ["two words, one a typo ('youtube edtor')", () => "youtube edtor"],
    ["a broad word ('manager')", () => "manager"],
    ["a token no job has", () => randomBytes(5).toString("hex")],
  ];
  console.log(`\n${runs} searches each, page 1 with the filter counts\n`);
  await printLatencies(
    cases.map(([name, keyword]) => [
      name,
      async (i: number) =>
        (await searchJobBoard(handle.db, { q: keyword(i), page: 1, per_page: 20 })).total,
    ]),
    runs,
    "matches",
  );
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
