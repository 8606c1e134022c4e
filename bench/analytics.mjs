// The owner's analytics dashboard's read (issue 65) on a seeded board: the whole report (traffic,
// searches, the funnel, the audience) as GET /api/moderation/analytics makes it, and the
// employer's funnel, for a 7-, 30- and 365-day range; prints p50, p95 and max in milliseconds.
// Usage: npx tsx bench/analytics.mjs [--jobs 20000] [--runs 40] [--data-dir DIR] [--explain]
//   or:  bash scripts/with-postgres.sh npx tsx bench/analytics.mjs [--jobs 1000000]
//   Seeds the board (lib/server/sample-board) when it has no jobs, a year of synthetic traffic
//   (lib/server/sample-board/traffic.ts: scripts/seed.ts --traffic) when it has none, and the
//   funnel's daily roll-up of that year (funnel_daily, features/analytics/server/funnel-daily.ts)
//   when no day of it is built.
//   On PostgreSQL it uses TEST_DATABASE_URL or DATABASE_URL; otherwise PGlite (in memory, or
//   kept in --data-dir for the next run). --explain prints the funnel's plan for 30 days first.
// Measured 2026-12-03 (2 busy cores), p50 / p95 ms for 7, 30 and 365 days, the funnel read raw:
//   PGlite, 5,000 jobs:        dashboard 44/79, 69/79, 427/541; employer 27/36, 27/45, 30/36
//   PostgreSQL, 20,000 jobs:   dashboard 45/63, 68/95, 292/549; employer 72/88, 69/88, 67/111
//   PostgreSQL, 250,000 jobs (126,000 to 180,000 listings live in the range; JIT off):
//                              dashboard 810/1034, 752/923, 980/1233; employer 919/1244,
//                              1108/1302, 1010/1363. Most of it is the sequential scan of jobs
//                              that finds the live listings (no index on expires_at).
// Measured 2026-12-04 on the same 250,000 jobs (13,964 applications, no listing_stats rows; 2
// cores at a load of 6 to 11 from other work, so both runs read slower than the day before):
//   raw (before):   dashboard 1183/2165, 1226/1554, 1647/2728; employer 1214/2472, 1484/3331,
//                   1247/1767
//   roll-up (after, 9,855 funnel_daily rows for the year, built in 56 s): dashboard 33/87,
//                   83/232, 98/204 (the funnel alone 25 to 30 ms p50 at 7 and 365 days: the
//                   rest is traffic and searches); employer 958/1204, 993/1204, 1214/1510. The
//                   employer's board medians of views and applications are per listing over
//                   the department's live listings, which no sum of days gives: still read raw,
//                   and the largest company lists in every department.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { connectPostgres } from "@/lib/server/db/client";
import { connectPglite } from "@/lib/server/db/pglite-client";
import { isDatabaseEmpty, seedSampleBoard } from "@/lib/server/sample-board/seed";
import { seedFunnelRollUp, seedSampleTraffic } from "@/lib/server/sample-board/traffic";
import { analyticsReport } from "@/features/analytics/server/report";
import { computeDepartmentMedians } from "@/features/analytics/server/department-medians";
import { employerFunnel } from "@/features/analytics/server/employer-funnel";
import { funnelDayRows } from "@/features/analytics/server/funnel";
import { addDays, utcDay } from "@/lib/server/stats/visitor-counts";
import { printLatencies } from "./latency";

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const jobCount = Number(arg("jobs", 20_000));
const runs = Number(arg("runs", 40));

async function main() {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const handle = url ? connectPostgres(url) : connectPglite(arg("data-dir", undefined));
  await handle.migrate();
  const { db } = handle;
  const now = new Date();
  if (await isDatabaseEmpty(db)) {
    const started = performance.now();
    const counts = await seedSampleBoard(
      db,
      { jobs: jobCount, companies: Math.max(50, Math.round(jobCount / 20)), now },
      undefined,
      null,
    );
    console.log(
      `seeded ${counts.jobs} jobs, ${counts.applications} applications in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  const [{ count }] = (await db.execute(sql`select count(*)::int as count from site_stats`)).rows;
  if (count === 0) {
    const started = performance.now();
    const rows = await seedSampleTraffic(db, { now, days: 365 });
    console.log(
      `seeded a year of traffic: ${rows.siteRows} site_stats, ${rows.searchRows} search_stats rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  const [{ built }] = (await db.execute(sql`select count(*)::int as built from funnel_days`)).rows;
  if (built === 0) {
    const started = performance.now();
    const rows = await seedFunnelRollUp(db, { now, days: 365 });
    console.log(
      `built the funnel's roll-up of a year: ${rows} funnel_daily rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  {
    // The departments' medians over the employer's periods, as the hourly task keeps them.
    const started = performance.now();
    const windows = await computeDepartmentMedians(db, now);
    if (windows > 0) {
      console.log(
        `computed the departments' medians of ${windows} periods in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  }
  const [facts] = (
    await db.execute(sql`
      select (select count(*)::int from jobs) as jobs,
        (select count(*)::int from job_applications) as applications,
        (select count(*)::int from site_stats) as site_rows,
        (select count(*)::int from search_stats) as search_rows,
        (select count(*)::int from funnel_daily) as funnel_rows,
        (select company_id from jobs group by company_id order by count(*) desc limit 1) as company`)
  ).rows;
  console.log(
    `${handle.kind}: ${facts.jobs} jobs, ${facts.applications} applications, ${facts.site_rows} site_stats, ${facts.search_rows} search_stats and ${facts.funnel_rows} funnel_daily rows`,
  );
  const today = utcDay(now);
  if (process.argv.includes("--explain")) {
    const range = { from: addDays(today, -29), to: today };
    const plan = await db.execute(sql`
      explain (analyze, buffers)
      with f as (${await funnelDayRows(db, range, "department", now)})
      select f.department, sum(f.live_at_start + f.published) as listings, sum(f.views) as views
      from f group by grouping sets ((f.department), ())`);
    for (const row of plan.rows) console.log(row["QUERY PLAN"]);
  }
  const cases = [];
  for (const days of [7, 30, 365]) {
    const query = { from: addDays(today, 1 - days), to: today };
    cases.push([
      `dashboard, ${days} days`,
      async () => {
        const report = await analyticsReport(db, { ...query, by: "department" }, now);
        return report.funnel.total.listings;
      },
    ]);
  }
  // 7, 30 and 365 days are the screen's periods (medians kept); 10 days is read from the rows.
  for (const days of [7, 30, 365, 10]) {
    const query = { from: addDays(today, 1 - days), to: today };
    cases.push([
      `employer funnel (largest company), ${days} days`,
      async () => (await employerFunnel(db, facts.company, query, now)).listings.length,
    ]);
  }
  await printLatencies(cases, runs, "listings");
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
