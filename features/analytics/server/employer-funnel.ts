import { sql } from "drizzle-orm";
import type { EmployerFunnel } from "@/features/analytics/analytics-schemas";
import {
  days,
  funnelDayRows,
  funnelRowOf,
  funnelSums,
  liveListings,
  withoutJit,
  type SumRow,
} from "@/features/analytics/server/funnel";
import {
  departmentMediansOf,
  keptDepartmentMedians,
} from "@/features/analytics/server/department-medians";
import { analyticsRange, endOf, startOf } from "@/features/analytics/server/range";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { jobApplications, jobs } from "@/lib/server/db/schema";

/*
 * An employer's funnel (GET /api/company/funnel): its company's listings live in the range,
 * each beside the board's median listing of the same department over the same range (every
 * company's listings, theirs included: only medians leave the query, never another company's
 * figures; the median days to a first application from the daily roll-up, funnel-daily.ts), and
 * where its applicants came from. Only the caller's company is ever read: the
 * company id comes from their membership (lib/server/auth/employer.ts), never from the request.
 */

/** How many days the employer's funnel covers when not told: the last 30, today included. */
export const EMPLOYER_FUNNEL_DEFAULT_DAYS = 30;

const n = (value: unknown) => Number(value ?? 0);

export async function employerFunnel(
  db: Database,
  companyId: number,
  query: { from?: string; to?: string },
  now: Date = new Date(),
): Promise<EmployerFunnel> {
  const range = analyticsRange(query, now, EMPLOYER_FUNNEL_DEFAULT_DAYS);
  const own = liveListings(range, sql`j.company_id = ${companyId}`);
  const listingRows = rowsOf<
    SumRow & {
      id: number | null;
      title: string | null;
      department: string | null;
      whole: number;
    }
  >(
    await withoutJit(
      db,
      sql`
      with l as (${own})
      select l.id, min(l.title) as title, min(l.department) as department,
        grouping(l.id) as whole, ${funnelSums}
      from l
      group by grouping sets ((l.id), ())`,
    ),
  );
  const departments = [
    ...new Set(listingRows.flatMap((row) => (row.department ? [row.department] : []))),
  ];
  const among = sql.join(
    departments.map((department) => sql`${department}`),
    sql`, `,
  );
  // Views and applications per listing are the listing's own over the range: no sum of days
  // gives each listing's, so these two medians are those computed once a day for the screen's
  // periods (department-medians.ts: to the end of yesterday for a range ending today), or read
  // from the department's live listings for another range. The days to a first application are
  // the roll-up's (funnel-daily.ts): over the department's listings whose first application came
  // in the range.
  const [medians, firstDays] = departments.length
    ? await Promise.all([
        keptDepartmentMedians(db, range, departments).then(
          (kept) => kept ?? departmentMediansOf(db, range, departments),
        ),
        funnelDayRows(db, range, "department", now).then(async (days) =>
          rowsOf<{ department: string; days: unknown }>(
            await withoutJit(
              db,
              sql`
              with f as (${days})
              select f.department, percentile_cont(0.5) within group (order by d) as days
              from f cross join lateral unnest(f.first_days) d
              where f.department in (${among}) and cardinality(f.first_days) > 0
              group by f.department`,
              { serial: true },
            ),
          ),
        ),
      ])
    : [[], []];
  const daysOf = new Map(firstDays.map((row) => [row.department, row.days]));
  const medianOf = new Map(medians.map((row) => [row.department, row]));
  const sources = rowsOf<{ source: string; applications: unknown }>(
    await db.execute(sql`
      select coalesce(a.source, 'unknown') as source, count(*) as applications
      from ${jobApplications} a
      join ${jobs} j on j.id = a.job_id
      where j.company_id = ${companyId}
        and a.created_at >= ${startOf(range.from)}::timestamptz
        and a.created_at < ${endOf(range.to)}::timestamptz
      group by 1
      order by applications desc, source`),
  );
  const total = listingRows.find((row) => n(row.whole) === 1);
  return {
    range: { from: range.from, to: range.to },
    company: funnelRowOf("", "Your company", total),
    listings: listingRows
      .filter((row) => n(row.whole) === 0 && row.id !== null)
      .sort((a, b) => n(b.id) - n(a.id))
      .map((row) => {
        const median = medianOf.get(row.department ?? "");
        return {
          ...funnelRowOf(String(row.id), row.title ?? "", row),
          board_median_views: days(median?.views),
          board_median_applications: days(median?.applications),
          board_median_days_to_first_application: days(daysOf.get(row.department ?? "")),
        };
      }),
    sources: sources.map((row) => ({ source: row.source, applications: n(row.applications) })),
  };
}
