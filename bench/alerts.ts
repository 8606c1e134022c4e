// One job-alert run over a large board: 100,000 jobs (the sample board's generator) and 10,000
// candidates with varied preferences (daily and weekly, a few departments, regions and types,
// some salary floors and remote only, each with a few saved, hidden and applied jobs), all due
// at once (a forced run, as an operator's --now). The enqueue only counts the messages: sending
// them is the mail queue's work, measured on its own. Prints the run's seconds, candidates a
// second, digests and jobs, and SQL statements per digest (every statement the driver sends,
// BEGIN and COMMIT included, counted by a drizzle logger).
//
// Usage:
//   bash scripts/with-postgres.sh npx tsx bench/alerts.ts     a throwaway PostgreSQL
//   npx tsx bench/alerts.ts --pglite [--data-dir DIR]         PGlite (in memory, or kept in DIR)
// Options: --jobs 100000 --candidates 10000 --batch 500 --runs 1
// PostgreSQL is TEST_DATABASE_URL (set by with-postgres.sh), else DATABASE_URL.
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { performance } from "node:perf_hooks";
import { Pool } from "pg";
import { runJobAlerts } from "@/features/alerts/server/alerts";
import { MIGRATIONS_FOLDER, type Database } from "@/lib/server/db/client";
import { PGLITE_EXTENSIONS, PGLITE_SETTINGS } from "@/lib/server/db/pglite-client";
import * as schema from "@/lib/server/db/schema";
import { isDatabaseEmpty, seedSampleBoard } from "@/lib/server/sample-board/seed";

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const jobCount = arg("jobs", 100_000);
const candidateCount = arg("candidates", 10_000);
const batchSize = arg("batch", 500);
const runs = arg("runs", 1);
const pglite = process.argv.includes("--pglite");
const dataDirIndex = process.argv.indexOf("--data-dir");
const dataDir = dataDirIndex > 0 ? process.argv[dataDirIndex + 1] : undefined;

/** Counts what the driver is sent through this drizzle instance. */
const counter = { queries: 0 };
const logger = { logQuery: () => void (counter.queries += 1) };

async function connect(): Promise<{ db: Database; name: string; close: () => Promise<void> }> {
  if (pglite) {
    const client = new PGlite({ dataDir, extensions: PGLITE_EXTENSIONS, ...PGLITE_SETTINGS });
    const db = drizzlePglite({ client, schema, logger }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      name: `PGlite${dataDir ? ` in ${dataDir}` : " in memory"}`,
      close: () => client.close(),
    };
  }
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url)
    throw new Error("Run under scripts/with-postgres.sh, set DATABASE_URL, or pass --pglite");
  const pool = new Pool({ connectionString: url, max: 4 });
  const db = drizzlePostgres({ client: pool, schema, logger }) as unknown as Database;
  await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  const [row] = (
    (await db.execute(sql`select current_setting('server_version') as version`)) as unknown as {
      rows: { version: string }[];
    }
  ).rows;
  return { db, name: `PostgreSQL ${row?.version}`, close: () => pool.end() };
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * The candidates, in SQL (10,000 rows through drizzle's insert would take longer than the run):
 * preferences picked by the candidate's number, so that they vary and every mix occurs.
 */
async function seedCandidates(db: Database, count: number) {
  await db.transaction((tx) => seedCandidatesIn(tx, count));
}

async function seedCandidatesIn(db: Database, count: number) {
  // Those of an earlier, interrupted seed go first (their marks and preferences with them).
  await db.execute(sql`delete from users where firebase_uid like 'bench-alerts-%'`);
  await db.execute(sql`
    insert into users (firebase_uid, email, full_name)
    select 'bench-alerts-' || g, 'candidate' || g || '@example.com', 'Candidate ' || g
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`
    insert into preferences (user_id, departments, regions, types, salary_min, remote_only,
      alert_frequency, time_zone)
    select u.id,
      case g % 6 when 0 then '{}'::text[] when 1 then array['design']
        when 2 then array['engineering', 'product']
        when 3 then array['influencer-marketing', 'creator-partnerships', 'marketing']
        when 4 then array['talent-management'] else array['sales', 'operations'] end,
      case g % 5 when 1 then array['united-states'] when 2 then array['europe', 'remote']
        when 4 then array['asia', 'australia'] else '{}'::text[] end,
      case g % 4 when 1 then array['full-time'] when 3 then array['contractor', 'part-time']
        else '{}'::text[] end,
      case when g % 7 = 0 then 80000 when g % 11 = 0 then 120000 end,
      g % 9 = 0,
      case when g % 3 = 0 then 'weekly' else 'daily' end,
      (array['UTC', 'Europe/Lisbon', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney',
             'America/Los_Angeles', 'Asia/Kolkata'])[1 + g % 7]
    from users as u
    join generate_series(1, ${count}) as g on u.firebase_uid = 'bench-alerts-' || g`);
  // A few marks each, among the newest jobs: what the run has to leave out.
  for (const [table, offset] of [
    ["favorites", 0],
    ["rejections", 3],
  ] as const) {
    await db.execute(sql`
      insert into ${sql.identifier(table)} (user_id, job_id)
      select u.id, j.id from users as u
      cross join lateral (select id from jobs where status = 'open'
                          order by published_at desc offset (u.id % 200) + ${offset} limit 3) as j
      where u.firebase_uid like 'bench-alerts-%'`);
  }
  await db.execute(sql`
    insert into applications (user_id, job_id)
    select u.id, j.id from users as u
    cross join lateral (select id from jobs where status = 'open'
                        order by published_at desc offset (u.id % 200) + 6 limit 2) as j
    where u.firebase_uid like 'bench-alerts-%'`);
}

async function main() {
  const { db, name, close } = await connect();
  try {
    console.log(`${name}`);
    let started = performance.now();
    if (await isDatabaseEmpty(db)) {
      const counts = await seedSampleBoard(db, {
        jobs: jobCount,
        companies: Math.max(800, Math.round(jobCount / 20)),
        now: new Date(),
      });
      console.log(`seeded ${counts.jobs} jobs in ${seconds(started).toFixed(1)} s`);
    }
    const [existing] = (
      (await db.execute(
        sql`select count(*)::integer as n from preferences
            join users on users.id = preferences.user_id
            where users.firebase_uid like 'bench-alerts-%'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    if (!existing?.n) {
      started = performance.now();
      await seedCandidates(db, candidateCount);
      console.log(`seeded ${candidateCount} candidates in ${seconds(started).toFixed(1)} s`);
    }
    await db.execute(sql`analyze`);
    const [listed] = (
      (await db.execute(sql`
        select count(*)::integer as jobs,
          count(*) filter (where published_at > now() - interval '1 day')::integer as day,
          count(*) filter (where published_at > now() - interval '7 days')::integer as week
        from jobs where status = 'open' and expires_at > now()`)) as unknown as {
        rows: { jobs: number; day: number; week: number }[];
      }
    ).rows;
    console.log(
      `listed jobs: ${listed!.jobs}, published in the last day ${listed!.day}, week ${listed!.week}\n`,
    );

    for (let run = 1; run <= runs; run += 1) {
      // Every candidate due again, with no digest before: each looks back a day or a week.
      await db.execute(sql`update preferences set alerts_sent_at = null`);
      await db.execute(sql`delete from alert_sent_jobs`);
      let queued = 0;
      counter.queries = 0;
      started = performance.now();
      const result = await runJobAlerts(db, {
        now: new Date(),
        force: true,
        batchSize,
        enqueue: async (_tx, messages) => {
          queued += messages.length;
        },
      });
      const elapsed = seconds(started);
      console.log(
        [
          `run ${run}: ${elapsed.toFixed(2)} s`,
          `${Math.round(result.candidates / elapsed)} candidates/s`,
          `${result.candidates} candidates, ${result.mails} digests (${queued} queued), ${result.jobs} jobs`,
          `${counter.queries} statements (${result.queries} batch statements of ${batchSize}), ${(counter.queries / Math.max(1, result.mails)).toFixed(4)} per digest`,
        ].join("\n  "),
      );
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
