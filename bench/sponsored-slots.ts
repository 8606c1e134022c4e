// The sponsored slots' cost (issue 61) on a board with many sponsored listings, in PGlite: the
// board's first and second pages, a department's, a keyword search (a misspelt one too) and a
// company's page, with --sponsored open listings sponsored (2,000 by default), each run many
// times; prints p50, p95 and max in milliseconds, then the same without the sponsored
// listings' own index (jobs_open_sponsored_idx), to show what it is worth.
// Usage: npx tsx bench/sponsored-slots.ts [--jobs 20000] [--sponsored 2000] [--runs 50]
//   [--data-dir DIR]
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/lib/server/db/client";
import { connectPglite } from "@/lib/server/db/pglite-client";
import { isDatabaseEmpty, seedSampleBoard } from "@/lib/server/sample-board/seed";
import { getCompanyPage } from "@/features/companies/server/company-page";
import { searchJobBoard } from "@/features/jobs/server/job-search";
import type { JobFilters } from "@/features/jobs/filters";
import { printLatencies, type LatencyCase } from "./latency";

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const jobCount = arg("jobs", 20_000);
const sponsoredCount = arg("sponsored", 2_000);
const runs = arg("runs", 50);

async function main() {
  const dataDirIndex = process.argv.indexOf("--data-dir");
  const handle = connectPglite(dataDirIndex > 0 ? process.argv[dataDirIndex + 1] : undefined);
  await handle.migrate();
  const db = handle.db;
  const started = performance.now();
  if (await isDatabaseEmpty(db)) {
    const counts = await seedSampleBoard(db, {
      jobs: jobCount,
      companies: Math.max(800, Math.round(jobCount / 20)),
      now: new Date(),
    });
    console.log(
      `seeded ${counts.jobs} jobs at ${counts.companies} companies in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  // Every open listing of a few companies sponsored first (so a company's page has many), then
  // random others, up to --sponsored.
  await db.execute(sql`update jobs set sponsored = false where sponsored`);
  await db.execute(sql`
    update jobs set sponsored = true where id in (
      select id from jobs where status = 'open' and expires_at > now()
      order by (company_id % 50 = 0) desc, md5(id::text) limit ${sponsoredCount})`);
  await db.execute(sql`analyze`);
  const [biggest] = rowsOf<{ slug: string; sponsored: number; listed: number }>(
    await db.execute(sql`
      select c.slug, count(*) filter (where j.sponsored)::int as sponsored, count(*)::int as listed
      from jobs j join companies c on c.id = j.company_id
      where j.status = 'open' and j.expires_at > now()
      group by c.slug order by 2 desc, 3 desc limit 1`),
  );
  const [open] = rowsOf<{ open: number; sponsored: number }>(
    await db.execute(sql`
      select count(*)::int as open, count(*) filter (where sponsored)::int as sponsored
      from jobs where status = 'open' and expires_at > now()`),
  );
  console.log(
    `${open!.open} open jobs, ${open!.sponsored} sponsored; company ${biggest!.slug}: ${biggest!.sponsored} sponsored of ${biggest!.listed}`,
  );

  const page =
    (filters: Partial<JobFilters>, number = 1) =>
    async () => {
      const found = await searchJobBoard(db, { page: number, per_page: 20, ...filters });
      return found.jobs.filter((job) => job.sponsored).length;
    };
  const cases: LatencyCase[] = [
    ["board, page 1", page({})],
    ["board, page 2", page({}, 2)],
    ["department design, page 1", page({ department: "design" })],
    ["region europe + full-time, page 1", page({ region: "europe", type: "full-time" })],
    ["keyword 'editor', page 1", page({ q: "editor" })],
    ["keyword 'editor', page 2", page({ q: "editor" }, 2)],
    ["keyword 'vidoe editr' (misspelt)", page({ q: "vidoe editr" })],
    [
      `company ${biggest!.slug}, page 1`,
      async () =>
        (await getCompanyPage(db, biggest!.slug, { page: 1, per_page: 20 }))!.results.jobs.filter(
          (job) => job.sponsored,
        ).length,
    ],
  ];
  console.log(`\nwith jobs_open_sponsored_idx (${runs} runs each; "sponsored" on page)`);
  await printLatencies(cases, runs, "sponsored");
  await db.execute(sql`drop index jobs_open_sponsored_idx`);
  await db.execute(sql`analyze`);
  console.log(`\nwithout it`);
  await printLatencies(cases, runs, "sponsored");
  await db.execute(
    sql`create index jobs_open_sponsored_idx on jobs (id) where status = 'open' and sponsored`,
  );
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
