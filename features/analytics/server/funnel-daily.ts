import { sql, type SQL } from "drizzle-orm";
import { daysBetween, type DayRange } from "@/features/analytics/server/range";
import { rowsOf, type Database } from "@/lib/server/db/client";
import {
  atsJobs,
  funnelDaily,
  funnelDays,
  jobApplications,
  jobs,
  listingStats,
} from "@/lib/server/db/schema";
import { addDays, utcDay } from "@/lib/server/stats/visitor-counts";

/*
 * The funnel's daily roll-up (table funnel_daily, issue 65): what the owner's dashboard and the
 * employer's board medians read for the days that are over, so that their cost follows the days
 * and groups shown, not the board's listings. Today, and any day not built yet, is computed from
 * the raw rows by the same statement (dailyFunnel), so a range ending today is still exact.
 *
 * A day D is the UTC day [D 00:00, D+1 00:00). A listing "went live" when its status is one of
 * open, filled, expired, withdrawn, removed (pending and rejected ones never did). Each listing
 * is counted under its department, under its region, under its type and under its source
 * (imported when an ATS import made it, typed otherwise), as they are when its day is built: a
 * day has a row per value of each of these four dimensions, the other three '' (a report splits
 * by one dimension at a time, so a year's range reads a few thousand rows, where a row per
 * combination of the four made it 150,000 on a board of 250,000 listings). For each row:
 *
 * - published: went-live listings published on D that had not ended before D began (ended:
 *   expires_at, or closed_at when earlier);
 * - live_at_start: went-live listings published before D began and not ended before it began.
 *   So the listings live in a range [a, b] (published before b ends, not ended before a begins)
 *   are live_at_start of a plus published of each day of [a, b]: each listing once, even one that
 *   ends within the range (a listing that ended before it was published is never counted);
 * - views, apply_clicks: listing_stats' rows of D, of went-live listings;
 * - applications, interviews, hires: applications to went-live listings made on D, interviewed on
 *   D (interviewed_at), hired on D (hired_at), each counted on its own day in its listing's group
 *   (before the roll-up, a range counted these only for listings live in the range; a listing's
 *   interview after it ended, or a view of an ended listing's page, now counts on its day);
 * - first_days: for each went-live listing whose first application (its earliest created_at) was
 *   on D, the days from its publishing to that application (0 when earlier). A range's "median
 *   days to first application" is the median of its days' first_days together: over the listings
 *   that got their first application in the range (before the roll-up: over the listings live in
 *   the range that had one by its end, whenever).
 *
 * A finished day's rows do not change unless the day is built again: a listing that moves to
 * another department later stays counted in its old one on the days already built.
 */

/** The statuses of a listing that went live: pending and rejected ones never did. */
export const WENT_LIVE = sql.raw(`('open', 'filled', 'expired', 'withdrawn', 'removed')`);

/** How many finished days back the task looks for days not built: a year's range and more. */
export const FUNNEL_CATCH_UP_DAYS = 400;
/** Days built in one statement (and transaction): a catch-up of a year is a dozen of them. */
const DAYS_PER_BUILD = 31;

const startAt = (day: SQL) => sql`((${day})::timestamp at time zone 'UTC')`;
const dayOf = (instant: SQL) => sql`((${instant}) at time zone 'UTC')::date`;

/**
 * The funnel_daily rows of each day of `span` from the raw rows (a row per day and value of each
 * dimension, the other three ''): columns day, department, region, type, source, published, live_at_start, views, apply_clicks, applications, interviews,
 * hires, first_days (a group with no figure that day has no row). live_at_start is computed
 * only for the days of `liveDays` ("all", or one day, or none) and is 0 on the others: a
 * report needs it for its range's first day alone, and it is the one figure that reads every
 * listing live then, not only that day's rows.
 */
export function dailyFunnel(span: DayRange, liveDays: "all" | string | null = "all"): SQL {
  const start = sql`${span.from}::date`;
  const end = sql`${addDays(span.to, 1)}::date`;
  const first = liveDays === "all" ? span.from : liveDays;
  const last = liveDays === "all" ? span.to : liveDays;
  const live =
    liveDays === null
      ? sql``
      : sql`
      union all
      select d.day, j.id, 0, 1, 0, 0, 0, 0, 0, null::float8
      from (select generate_series(${first}::date, ${last}::date, interval '1 day')::date as day) d
      join ${jobs} j on j.published_at < ${startAt(sql`d.day`)}
        and j.expires_at >= ${startAt(sql`d.day`)}
        and (j.closed_at is null or j.closed_at >= ${startAt(sql`d.day`)})
      -- Read once: the listings live at some day's start of these.
      where j.status in ${WENT_LIVE}
        and j.published_at < ${startAt(sql`${last}::date`)}
        and j.expires_at >= ${startAt(sql`${first}::date`)}`;
  return sql`
    with events (day, job_id, published, live_at_start, views, apply_clicks, applications,
        interviews, hires, first_days) as (
      select ${dayOf(sql`j.published_at`)}, j.id, 1, 0, 0, 0, 0, 0, 0, null::float8
      from ${jobs} j
      where j.published_at >= ${startAt(start)} and j.published_at < ${startAt(end)}
        and ${dayOf(sql`least(j.expires_at, coalesce(j.closed_at, j.expires_at))`)}
          >= ${dayOf(sql`j.published_at`)}
      ${live}
      union all
      select s.day, s.job_id, 0, 0, s.views, s.apply_clicks, 0, 0, 0, null::float8
      from ${listingStats} s
      where s.day >= ${start} and s.day < ${end}
      union all
      select ${dayOf(sql`a.created_at`)}, a.job_id, 0, 0, 0, 0, 1, 0, 0, null::float8
      from ${jobApplications} a
      where a.created_at >= ${startAt(start)} and a.created_at < ${startAt(end)}
      union all
      select ${dayOf(sql`a.interviewed_at`)}, a.job_id, 0, 0, 0, 0, 0, 1, 0, null::float8
      from ${jobApplications} a
      where a.interviewed_at >= ${startAt(start)} and a.interviewed_at < ${startAt(end)}
      union all
      select ${dayOf(sql`a.hired_at`)}, a.job_id, 0, 0, 0, 0, 0, 0, 1, null::float8
      from ${jobApplications} a
      where a.hired_at >= ${startAt(start)} and a.hired_at < ${startAt(end)}
      union all
      -- A listing's first application, when it came in the span: the earliest of the span's,
      -- when it had none before the span.
      select ${dayOf(sql`f.first_at`)}, f.job_id, 0, 0, 0, 0, 0, 0, 0,
        greatest(extract(epoch from f.first_at - j.published_at) / 86400, 0)::float8
      from (
        select a.job_id, min(a.created_at) as first_at
        from ${jobApplications} a
        where a.created_at >= ${startAt(start)} and a.created_at < ${startAt(end)}
          and not exists (
            select 1 from ${jobApplications} b
            where b.job_id = a.job_id and b.created_at < ${startAt(start)})
        group by a.job_id
      ) f
      join ${jobs} j on j.id = f.job_id
    )
    select x.day, coalesce(x.department, '') as department, coalesce(x.region, '') as region,
      coalesce(x.type, '') as type, coalesce(x.source, '') as source,
      sum(x.published)::int as published, sum(x.live_at_start)::int as live_at_start,
      sum(x.views)::int as views, sum(x.apply_clicks)::int as apply_clicks,
      sum(x.applications)::int as applications, sum(x.interviews)::int as interviews,
      sum(x.hires)::int as hires,
      coalesce(array_agg(x.first_days order by x.first_days)
        filter (where x.first_days is not null), '{}') as first_days
    from (
      select e.*, j.department, j.region, j.type,
        case when aj.job_id is not null then 'imported' else 'typed' end as source
      from events e
      join ${jobs} j on j.id = e.job_id
      left join ${atsJobs} aj on aj.job_id = j.id
      where j.status in ${WENT_LIVE}
    ) x
    -- One row per value of each dimension apart, the other three '': a report splits by one.
    group by grouping sets ((x.day, x.department), (x.day, x.region), (x.day, x.type),
      (x.day, x.source))`;
}

/**
 * Builds the roll-up of each day of `span` from the raw rows, replacing what those days held:
 * in one transaction per DAYS_PER_BUILD days, under an advisory lock, so two instances building
 * at once build one after the other (the second replaces the first's rows with the same ones).
 * Answers how many rows it wrote.
 */
export async function buildFunnelDays(db: Database, span: DayRange): Promise<number> {
  let rows = 0;
  for (let from = span.from; from <= span.to; from = addDays(from, DAYS_PER_BUILD)) {
    const to = [addDays(from, DAYS_PER_BUILD - 1), span.to].sort()[0]!;
    rows += await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('funnel_daily'))`);
      // Without JIT: compiling a statement this size costs more than it saves (funnel.ts).
      await tx.execute(sql`set local jit = off`);
      await tx.execute(
        sql`delete from ${funnelDaily} where day between ${from}::date and ${to}::date`,
      );
      const [inserted] = rowsOf<{ rows: number }>(
        await tx.execute(sql`
          with inserted as (
            insert into ${funnelDaily} (day, department, region, type, source, published,
              live_at_start, views, apply_clicks, applications, interviews, hires, first_days)
            ${dailyFunnel({ from, to }, "all")}
            returning 1
          )
          select count(*)::int as rows from inserted`),
      );
      await tx.execute(sql`
        insert into ${funnelDays} (day, built_at)
        select generate_series(${from}::date, ${to}::date, interval '1 day')::date, now()
        on conflict (day) do update set built_at = excluded.built_at`);
      return inserted?.rows ?? 0;
    });
  }
  return rows;
}

/** The days of `span` that are built, in order. */
export async function builtDays(db: Database, span: DayRange): Promise<Set<string>> {
  const rows = rowsOf<{ day: string }>(
    await db.execute(sql`
      select day::text as day from ${funnelDays}
      where day between ${span.from}::date and ${span.to}::date`),
  );
  return new Set(rows.map((row) => row.day));
}

/**
 * The periodic task (queue funnel-daily, hourly): builds each finished day of the last
 * `catchUpDays` that is not built yet (yesterday, once it is over; older ones a board missed,
 * or all of them on its first run), in runs of consecutive days. A built day is not built again.
 */
export async function rollUpFunnel(
  db: Database,
  now: Date = new Date(),
  catchUpDays: number = FUNNEL_CATCH_UP_DAYS,
): Promise<{ days: number; rows: number }> {
  const yesterday = addDays(utcDay(now), -1);
  const span = { from: addDays(yesterday, 1 - catchUpDays), to: yesterday };
  const built = await builtDays(db, span);
  const missing = Array.from({ length: daysBetween(span.from, span.to) }, (_, i) =>
    addDays(span.from, i),
  ).filter((day) => !built.has(day));
  let rows = 0;
  let runStart = 0;
  for (let i = 1; i <= missing.length; i++) {
    if (i < missing.length && missing[i] === addDays(missing[i - 1]!, 1)) continue;
    rows += await buildFunnelDays(db, { from: missing[runStart]!, to: missing[i - 1]! });
    runStart = i;
  }
  return { days: missing.length, rows };
}
