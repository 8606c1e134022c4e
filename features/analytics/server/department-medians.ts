import { sql } from "drizzle-orm";
import { EMPLOYER_PERIODS } from "@/features/analytics/days";
import { liveListings, withoutJit } from "@/features/analytics/server/funnel";
import type { DayRange } from "@/features/analytics/server/range";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { departmentMedians } from "@/lib/server/db/schema";
import { addDays, utcDay } from "@/lib/server/stats/visitor-counts";

/*
 * The board's median listing per department, beside an employer's own (employer-funnel.ts): each
 * live listing's views and applications over a range, their median. No sum of days gives a
 * median of each listing's own totals, so reading it means reading every live listing of the
 * department (on a million-job board, 2 to 5 s for a company listing in every department). It is
 * computed once a day instead, for the ranges the employer's screen offers (the last 7, 30, 90 and
 * 365 days), over the days up to the last finished one, by the hourly funnel-daily task; a range
 * of another length is read from the rows as before.
 */

/** The windows kept, in days: the employer's screen's periods. */
export const MEDIAN_WINDOWS = EMPLOYER_PERIODS.map((period) => period.days);

export type DepartmentMedian = { department: string; views: unknown; applications: unknown };
type CountedMedian = DepartmentMedian & { listings: unknown };

/** The medians of `departments` over `range`, read from the rows (every live listing of each). */
export async function departmentMediansOf(
  db: Database,
  range: DayRange,
  departments?: readonly string[],
): Promise<CountedMedian[]> {
  const among = departments
    ? sql`j.department in (${sql.join(
        departments.map((department) => sql`${department}`),
        sql`, `,
      )})`
    : sql`true`;
  return rowsOf<CountedMedian>(
    await withoutJit(
      db,
      sql`
      with l as (${liveListings(range, among)})
      select l.department, count(*) as listings,
        percentile_cont(0.5) within group (order by l.views) as views,
        percentile_cont(0.5) within group (order by l.applications) as applications
      from l
      group by l.department`,
    ),
  );
}

/**
 * Computes each window's medians over the days to yesterday (UTC), unless computed already.
 * Idempotent: a window computed for yesterday is left; two instances write the same rows.
 * Answers how many windows it computed.
 */
export async function computeDepartmentMedians(
  db: Database,
  now: Date = new Date(),
  windows: readonly number[] = MEDIAN_WINDOWS,
): Promise<number> {
  const through = addDays(utcDay(now), -1);
  const done = new Set(
    rowsOf<{ window_days: number }>(
      await db.execute(sql`
        select distinct window_days from ${departmentMedians} where through = ${through}::date`),
    ).map((row) => Number(row.window_days)),
  );
  let computed = 0;
  for (const days of windows) {
    if (done.has(days)) continue;
    const rows = await departmentMediansOf(db, { from: addDays(through, 1 - days), to: through });
    await db.transaction(async (tx) => {
      // A department with no live listing left in the window goes.
      await tx.execute(sql`
        delete from ${departmentMedians} where window_days = ${days} and through < ${through}::date`);
      for (const row of rows) {
        const values = {
          windowDays: days,
          department: row.department,
          through,
          listings: Number(row.listings ?? 0),
          views: row.views === null ? null : Number(row.views),
          applications: row.applications === null ? null : Number(row.applications),
        };
        await tx
          .insert(departmentMedians)
          .values(values)
          .onConflictDoUpdate({
            target: [departmentMedians.windowDays, departmentMedians.department],
            set: values,
          });
      }
    });
    computed += 1;
  }
  return computed;
}

/**
 * The kept medians for `range` when a window of its length was computed through its last day or
 * the day before (today, for the screen's "last N days"); null otherwise.
 */
export async function keptDepartmentMedians(
  db: Database,
  range: DayRange & { days: number },
  departments: readonly string[],
): Promise<DepartmentMedian[] | null> {
  const throughs = [range.to, addDays(range.to, -1)];
  const rows = rowsOf<DepartmentMedian & { through: string }>(
    await db.execute(sql`
      select department, views, applications, to_char(through, 'YYYY-MM-DD') as through
      from ${departmentMedians}
      where window_days = ${range.days}
        and through in (${throughs[0]}::date, ${throughs[1]}::date)`),
  );
  if (rows.length === 0) return null;
  // Kept for a window that ended before the range's start? Not this range.
  const through = rows[0]!.through;
  return rows
    .filter((row) => row.through === through && departments.includes(row.department))
    .map(({ department, views, applications }) => ({ department, views, applications }));
}
