import { sql, type SQL } from "drizzle-orm";
import {
  FUNNEL_DIMENSIONS,
  LISTING_SOURCES,
  type FunnelDimension,
  type FunnelReport,
  type FunnelRow,
} from "@/features/analytics/analytics-schemas";
import { builtDays, dailyFunnel, WENT_LIVE } from "@/features/analytics/server/funnel-daily";
import { daysOf, endOf, startOf, type DayRange } from "@/features/analytics/server/range";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { atsJobs, funnelDaily, jobApplications, jobs, listingStats } from "@/lib/server/db/schema";
import { addDays, utcDay } from "@/lib/server/stats/visitor-counts";
import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";

/*
 * The funnel from a live listing to a hire, over a range of UTC days. The owner's dashboard
 * (funnelReport) and the employer's board medians read the daily roll-up (funnel-daily.ts, which
 * states each figure's meaning) for the days that are over, and compute today's part from the
 * raw rows with the builder's own statement. An employer's own listings (liveListings) are read
 * per listing from the raw rows: they are few, and each one's figures are shown.
 */

/**
 * Each listing live in `range` (narrowed by `where`, a condition on `j`), with its figures:
 * columns id, title, department, region, type, source, published_at, views, apply_clicks,
 * applications, interviews, hires, days_to_first (null without an application by the range's
 * end).
 */
export function liveListings(range: DayRange, where: SQL = sql`true`): SQL {
  const start = startOf(range.from);
  const end = endOf(range.to);
  // The live listings first, then each figure grouped by listing over those listings alone:
  // PostgreSQL reads a few listings' rows by index (an employer's), or many by one hashed pass
  // (the whole board's), where a lateral subquery per listing would force an index probe each.
  return sql`
    with live as materialized (
      select j.id, j.title, j.department, j.region, j.type, j.published_at
      from ${jobs} j
      where j.status in ${WENT_LIVE}
        and j.published_at < ${end}::timestamptz
        and j.expires_at >= ${start}::timestamptz
        and (j.closed_at is null or j.closed_at >= ${start}::timestamptz)
        and ${where}
    ),
    counted as (
      select job_id, sum(views) as views, sum(apply_clicks) as apply_clicks
      from ${listingStats}
      where day between ${range.from}::date and ${range.to}::date
        and job_id in (select id from live)
      group by job_id
    ),
    applied as (
      select job_id,
        count(*) filter (where created_at >= ${start}::timestamptz) as applications,
        count(*) filter (where interviewed_at >= ${start}::timestamptz
          and interviewed_at < ${end}::timestamptz) as interviews,
        count(*) filter (where hired_at >= ${start}::timestamptz
          and hired_at < ${end}::timestamptz) as hires,
        min(created_at) as first_at
      from ${jobApplications}
      -- An application made after the range cannot count in it, nor be interviewed or hired in it.
      where created_at < ${end}::timestamptz and job_id in (select id from live)
      group by job_id
    ),
    imported as (
      select job_id from ${atsJobs} where job_id in (select id from live)
    )
    select live.id, live.title, live.department, live.region, live.type, live.published_at,
      case when imported.job_id is not null then 'imported' else 'typed' end as source,
      coalesce(counted.views, 0) as views, coalesce(counted.apply_clicks, 0) as apply_clicks,
      coalesce(applied.applications, 0) as applications,
      coalesce(applied.interviews, 0) as interviews, coalesce(applied.hires, 0) as hires,
      -- greatest() would make a null (no application) 0: it ignores nulls.
      case when applied.first_at is not null
        then greatest(extract(epoch from applied.first_at - live.published_at) / 86400, 0) end
        as days_to_first
    from live
    left join counted on counted.job_id = live.id
    left join applied on applied.job_id = live.id
    left join imported on imported.job_id = live.id`;
}

/**
 * Runs a funnel statement without PostgreSQL's JIT compilation: on a large board its estimate
 * passes the JIT threshold, and compiling took 744 ms of its 1.9 s (250,000 jobs, 130,000 of
 * them live in the range); the 7-day dashboard's p50 went from 1.16 s to 0.81 s without it
 * (bench/analytics.mjs). With `serial`, without parallel workers too: a statement reading the
 * roll-up and a day's raw rows reads a few thousand rows, and starting workers took 80 ms of its
 * 100 on a busy machine. PGlite has neither: the settings change nothing there.
 */
export const withoutJit = (db: Database, statement: SQL, options: { serial?: boolean } = {}) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    if (options.serial) await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return tx.execute(statement);
  });

/** The figures of a group of rows of liveListings (`l`), as columns of a grouped select. */
export const funnelSums = sql`
  count(*) as listings,
  coalesce(sum(l.views), 0) as views,
  coalesce(sum(l.apply_clicks), 0) as apply_clicks,
  coalesce(sum(l.applications), 0) as applications,
  coalesce(sum(l.interviews), 0) as interviews,
  coalesce(sum(l.hires), 0) as hires,
  percentile_cont(0.5) within group (order by l.days_to_first)
    filter (where l.days_to_first is not null) as median_days`;

export type SumRow = {
  listings: unknown;
  views: unknown;
  apply_clicks: unknown;
  applications: unknown;
  interviews: unknown;
  hires: unknown;
  median_days: unknown;
};

const n = (value: unknown) => Number(value ?? 0);
/** Days to one decimal, or null. */
export const days = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

export const funnelRowOf = (key: string, label: string, row: SumRow | undefined): FunnelRow => ({
  key,
  label,
  listings: n(row?.listings),
  views: n(row?.views),
  apply_clicks: n(row?.apply_clicks),
  applications: n(row?.applications),
  interviews: n(row?.interviews),
  hires: n(row?.hires),
  median_days_to_first_application: days(row?.median_days),
});

const SOURCE_LABELS: Record<(typeof LISTING_SOURCES)[number], string> = {
  typed: "Written on the board",
  imported: "Imported from an ATS",
};

/** Each dimension's values in the taxonomy's order, with their labels. */
const ENTRIES: Record<FunnelDimension, readonly TaxonomyEntry[]> = {
  department: DEPARTMENTS,
  region: REGIONS,
  type: JOB_TYPES,
  source: LISTING_SOURCES.map((slug) => ({ slug, label: SOURCE_LABELS[slug] })),
};

/** The board's total row's label. */
export const BOARD_TOTAL_LABEL = "The whole board";

/**
 * The funnel's daily rows of `by`'s values over `range` (columns of funnel_daily; live_at_start
 * only on the range's first day, 0 on the others), so that summing them gives the range's figures
 * (funnel-daily.ts states each one's meaning): the roll-up's rows for the days that are built,
 * and from the raw rows (dailyFunnel, the builder's statement) from the first day that is today,
 * or later, or not built yet, to the range's end. On a board whose roll-up is up to date that is
 * today alone, which reads only today's rows (and its live listings when the range is today).
 */
export async function funnelDayRows(
  db: Database,
  range: DayRange,
  by: FunnelDimension,
  now: Date = new Date(),
): Promise<SQL> {
  const today = utcDay(now);
  const built = await builtDays(db, range);
  const rawFrom = daysOf(range).find((day) => day >= today || !built.has(day));
  const firstDayOnly = sql`case when day = ${range.from}::date then live_at_start else 0 end`;
  const columns = sql`day, department, region, type, source, published,
    ${firstDayOnly} as live_at_start, views, apply_clicks, applications, interviews, hires,
    first_days`;
  // The rows of `by`'s values: the other three dimensions ''.
  const ofDimension = sql.raw(
    FUNNEL_DIMENSIONS.map((dimension) => `${dimension} ${dimension === by ? "<>" : "="} ''`).join(
      " and ",
    ),
  );
  const rolledUp = sql`
    select ${columns} from ${funnelDaily}
    where day >= ${range.from}::date and day < ${rawFrom ?? addDays(range.to, 1)}::date
      and ${ofDimension}`;
  if (rawFrom === undefined) return rolledUp;
  const raw = dailyFunnel(
    { from: rawFrom, to: range.to },
    rawFrom === range.from ? range.from : null,
  );
  return sql`${rolledUp} union all select ${columns} from (${raw}) raw where ${ofDimension}`;
}

/**
 * `GET /api/moderation/analytics`'s funnel by `by`: a row for each value with a figure in the
 * range (in the taxonomy's order; a value the taxonomy no longer has comes last, by its slug),
 * and the whole board's row. Read from the daily roll-up (funnelDayRows): listings live in the
 * range, views and apply clicks on its days, applications, interviews and hires on its days,
 * and the median days to a first application of the listings whose first came in the range.
 */
export async function funnelReport(
  db: Database,
  range: DayRange,
  by: FunnelDimension,
  now: Date = new Date(),
): Promise<FunnelReport> {
  const column = sql.raw(`f.${by}`);
  // Read twice, not materialized: the medians read only the rows with a first application.
  const days = await funnelDayRows(db, range, by, now);
  const rows = rowsOf<SumRow & { key: string | null; whole: number }>(
    await withoutJit(
      db,
      sql`
      with sums as (
        select ${column} as key, grouping(${column}) as whole,
          coalesce(sum(f.live_at_start + f.published), 0) as listings,
          coalesce(sum(f.views), 0) as views, coalesce(sum(f.apply_clicks), 0) as apply_clicks,
          coalesce(sum(f.applications), 0) as applications,
          coalesce(sum(f.interviews), 0) as interviews, coalesce(sum(f.hires), 0) as hires
        from (${days}) f
        group by grouping sets ((${column}), ())
      ),
      medians as (
        select ${column} as key, grouping(${column}) as whole,
          percentile_cont(0.5) within group (order by d) as median_days
        from (${days}) f cross join lateral unnest(f.first_days) d
        where cardinality(f.first_days) > 0
        group by grouping sets ((${column}), ())
      )
      select sums.*, medians.median_days
      from sums
      left join medians on medians.whole = sums.whole
        and medians.key is not distinct from sums.key`,
      { serial: true },
    ),
  );
  const entries = ENTRIES[by];
  const order = (key: string) => {
    const index = entries.findIndex((entry) => entry.slug === key);
    return index < 0 ? entries.length : index;
  };
  const groups = rows
    .filter((row) => n(row.whole) === 0 && row.key !== null)
    .map((row) => {
      const key = row.key!;
      return funnelRowOf(key, entries.find((entry) => entry.slug === key)?.label ?? key, row);
    })
    .sort((a, b) => order(a.key) - order(b.key) || a.key.localeCompare(b.key));
  return {
    range: { from: range.from, to: range.to },
    by,
    rows: groups,
    total: funnelRowOf(
      "",
      BOARD_TOTAL_LABEL,
      rows.find((row) => n(row.whole) === 1),
    ),
  };
}
