// Counting a view (issue 65 and 67): recordPageView, which every page of the board calls through
// its head beacon (POST /api/stats/views), and recordListingEvent, a job page's view; prints
// p50, p95, p99 and max in milliseconds, and the SQL statements a call sends (every statement
// the driver is sent, BEGIN and COMMIT included, counted by a drizzle logger; the day's salt is
// read once, then kept in memory).
//
// Usage:
//   npx tsx bench/page-views.ts                                  PGlite in memory
//   TEST_PG_PORT=54472 bash scripts/with-postgres.sh npx tsx bench/page-views.ts
// Options: --runs 500 (each case) --values 1500 (pages, landings and sources the day has
// already, so that the bound of VALUES_PER_DAY is looked at on a busy day's table)
//
// Measured 2026-12-04, 300 runs a case, two rounds each alternating before and after on a
// machine of 2 cores under a load of ~9 (other work), so only the difference between neighbours
// means much; with-postgres.sh runs without fsync. p50 / p95 / p99 ms, round 1 and round 2;
// "before" is c10497df (a transaction of one statement at a time), "after" one statement:
//                                            before                       after
//   PGlite   new visitor, new page, landing  17.8/56/115, 12.1/30/45     4.2/9/17, 8.3/29/49
//            same visitor and page again     10.4/30/67, 10.6/44/73      4.9/14/27, 5.3/18/32
//            a search, new visitor           11.2/30/54, 18.5/47/115     7.9/19/33, 6.8/14/26
//            listing view, new visitor       2.0/12/31, 5.5/13/39        1.4/8/18, 1.4/11/24
//   PG 15    new visitor, new page, landing  8.2/20/28, 9.4/44/93        4.7/22/135, 4.9/14/28
//            same visitor and page again     3.7/8/20, 4.4/12/17         2.4/8/11, 2.4/9/15
//            a search, new visitor           4.1/8/14, 6.3/21/46         2.6/7/10, 2.7/8/14
//            listing view, new visitor       1.2/2/4, 1.4/5/7            1.0/3/4, 1.0/3/6
//   Statements a page view: 13 to 17 before (PGlite's logger does not see BEGIN and COMMIT),
//   1 after; a listing view: 3 (PGlite) or 5 (PostgreSQL) before, 2 after (the open-job check
//   and the count).

import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { recordPageView } from "@/features/analytics/server/page-views";
import { recordListingEvent } from "@/features/listings/server/listing-stats";
import { connectPostgres, rowsOf, type Database } from "@/lib/server/db/client";
import { connectPglite } from "@/lib/server/db/pglite-client";
import * as schema from "@/lib/server/db/schema";
import { seedSampleBoard } from "@/lib/server/sample-board/seed";
import { utcDay } from "@/lib/server/stats/visitor-counts";
import { printLatencies, type LatencyCase } from "./latency";

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const runs = arg("runs", 500);
const values = arg("values", 1_500);

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const HOST = "board.test";

/** Counts what the driver is sent through the measured drizzle instance. */
const counter = { queries: 0 };
const logger = { logQuery: () => void (counter.queries += 1) };

async function main() {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  const handle = url ? connectPostgres(url) : connectPglite();
  await handle.migrate();
  // The same connection(s), through a drizzle instance that counts its statements.
  const db = (handle.pglite
    ? drizzlePglite({ client: handle.pglite as PGlite, schema, logger })
    : drizzlePostgres({ client: handle.postgres!.pool, schema, logger })) as unknown as Database;
  const [version] = rowsOf<{ version: string }>(
    await db.execute(sql`select current_setting('server_version') as version`),
  );
  console.log(`${handle.kind} ${version?.version}, ${runs} runs a case, ${values} values a day`);

  await seedSampleBoard(db, { jobs: 20, companies: 5 }, undefined, null);
  const [job] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from jobs where status = 'open' order by id limit 1`),
  );

  // A busy day so far: `values` pages, landings and sources already counted today.
  const day = utcDay(new Date());
  await db.execute(sql`
    insert into site_stats (day, dimension, value, views, visitors)
    select ${day}::date, dimension, '/jobs/' || g || '-earlier', 3, 2
    from generate_series(1, ${values}) as g, unnest(array['page', 'landing', 'referrer']) as dimension
    on conflict do nothing`);

  const view = (path: string, address: string, referrer = "", results?: number) =>
    recordPageView(db, {
      view: { path, referrer, ...(results === undefined ? {} : { results }) },
      address,
      headers: { host: HOST, "user-agent": BROWSER },
    }).then(Number);

  const statements = new Map<string, number>();
  const counted = (name: string, run: (index: number) => Promise<number>): LatencyCase => [
    name,
    async (index) => {
      const before = counter.queries;
      const found = await run(index);
      statements.set(name, counter.queries - before);
      return found;
    },
  ];

  const stamp = Date.now().toString(36);
  await printLatencies(
    [
      counted("page view: new visitor, new page, landing", (i) =>
        view(`/jobs/${i}-new-${stamp}`, `10.1.${i >> 8}.${i & 255}`, "https://news.example/"),
      ),
      counted("page view: the same visitor and page again", () =>
        view(`/jobs/1-again-${stamp}`, "10.2.0.1"),
      ),
      counted("page view: a search, new visitor", (i) =>
        view(`/?q=${encodeURIComponent(`video ${i % 50}`)}`, `10.3.${i >> 8}.${i & 255}`, "", 7),
      ),
      counted("listing view: new visitor", (i) =>
        recordListingEvent(db, {
          jobId: job!.id,
          event: "view",
          address: `10.4.${i >> 8}.${i & 255}`,
          userAgent: BROWSER,
        }).then(Number),
      ),
    ],
    runs,
    "counted",
  );
  console.log("\nstatements a call (last run):");
  for (const [name, count] of statements) console.log(`  ${name.padEnd(46)} ${count}`);
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
