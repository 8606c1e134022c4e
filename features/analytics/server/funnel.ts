import { sql, type SQL } from "drizzle-orm";
import {
  LISTING_SOURCES,
  type FunnelDimension,
  type FunnelReport,
  type FunnelRow,
} from "@/features/analytics/analytics-schemas";
import { endOf, startOf, type DayRange } from "@/features/analytics/server/range";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { atsJobs, jobApplications, jobs, listingStats } from "@/lib/server/db/schema";
import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";

/*
 * The funnel from a live listing to a hire, over a range of UTC days: the listings live in it
 * (published on or before its last day, not ended before its first: closed_at and expires_at),
 * their views and apply clicks counted on the range's days (listing_stats), the applications
 * they received in it, the interviews and hires that happened in it (job_applications'
 * created_at, interviewed_at, hired_at), and the median days from publishing to a listing's
 * first application. One grouped statement: the live listings are read once, and each one's
 * figures through the primary key of listing_stats (job_id, day) and job_applications' index by
 * job, so the cost follows the listings live in the range, not the board's history.
 */

/** The statuses of a listing that went live: pending and rejected ones never did. */
const WENT_LIVE = sql.raw(`('open', 'filled', 'expired', 'withdrawn', 'removed')`);

/**
 * Each listing live in `range` (narrowed by `where`, a condition on `j`), with its figures:
 * columns id, title, department, region, type, source, published_at, views, apply_clicks,
 * applications, interviews, hires, days_to_first (null without an application by the range's
 * end).
 */
export function liveListings(range: DayRange, where: SQL = sql`true`): SQL {
  const start = startOf(range.from);
  const end = endOf(range.to);
  return sql`
    select j.id, j.title, j.department, j.region, j.type, j.published_at,
      case when exists (select 1 from ${atsJobs} a where a.job_id = j.id)
        then 'imported' else 'typed' end as source,
      coalesce(s.views, 0) as views, coalesce(s.apply_clicks, 0) as apply_clicks,
      coalesce(a.applications, 0) as applications, coalesce(a.interviews, 0) as interviews,
      coalesce(a.hires, 0) as hires,
      greatest(extract(epoch from a.first_at - j.published_at) / 86400, 0) as days_to_first
    from ${jobs} j
    left join lateral (
      select sum(views) as views, sum(apply_clicks) as apply_clicks
      from ${listingStats}
      where job_id = j.id and day between ${range.from}::date and ${range.to}::date
    ) s on true
    left join lateral (
      select
        count(*) filter (where created_at >= ${start}::timestamptz
          and created_at < ${end}::timestamptz) as applications,
        count(*) filter (where interviewed_at >= ${start}::timestamptz
          and interviewed_at < ${end}::timestamptz) as interviews,
        count(*) filter (where hired_at >= ${start}::timestamptz
          and hired_at < ${end}::timestamptz) as hires,
        min(created_at) filter (where created_at < ${end}::timestamptz) as first_at
      from ${jobApplications}
      where job_id = j.id
    ) a on true
    where j.status in ${WENT_LIVE}
      and j.published_at < ${end}::timestamptz
      and j.expires_at >= ${start}::timestamptz
      and (j.closed_at is null or j.closed_at >= ${start}::timestamptz)
      and ${where}`;
}

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
 * `GET /api/moderation/analytics`'s funnel by `by`: a row for each value that had a live
 * listing in the range (in the taxonomy's order; a value the taxonomy no longer has comes
 * last, by its slug), and the whole board's row.
 */
export async function funnelReport(
  db: Database,
  range: DayRange,
  by: FunnelDimension,
): Promise<FunnelReport> {
  const column = sql.raw(`l.${by}`);
  const rows = rowsOf<SumRow & { key: string | null; whole: number }>(
    await db.execute(sql`
      with l as (${liveListings(range)})
      select ${column} as key, grouping(${column}) as whole, ${funnelSums}
      from l
      group by grouping sets ((${column}), ())`),
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
