import { sql } from "drizzle-orm";
import { ANALYTICS_TOP, type TrafficReport } from "@/features/analytics/analytics-schemas";
import { daysOf, type ReportRange } from "@/features/analytics/server/range";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { siteStats } from "@/lib/server/db/schema";
import { DEVICES, type Device } from "@/lib/model/analytics";

/*
 * The board's traffic over a range, read from the daily roll-ups (site_stats) alone, beside the
 * period of the same length just before it. A visitor is counted once per day (a daily salted
 * hash, forgotten after two days: lib/server/stats/visitor-counts.ts), and no identity is kept
 * from one day to the next, so a range's visitors are the sum of its days' visitors: someone
 * who came on three days of the range counts three times. That is the price of not following
 * anyone, and it is said in the API's description.
 */

const n = (value: unknown) => Number(value ?? 0);

type Ranked = "referrer" | "page" | "landing" | "device";
type RankedRow = {
  dimension: Ranked;
  value: string;
  views: unknown;
  visitors: unknown;
  previous_visitors: unknown;
};

/** `GET /api/moderation/analytics`'s traffic. */
export async function trafficReport(db: Database, range: ReportRange): Promise<TrafficReport> {
  const { from, to, previous } = range;
  // The whole board's figures per day (dimension total) and the visits (landings) per period:
  // one range scan of the primary key (day, dimension, value) over both periods.
  const dayRows = rowsOf<{ day: string; views: unknown; visitors: unknown; visits: unknown }>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day,
        coalesce(sum(views) filter (where dimension = 'total'), 0) as views,
        coalesce(sum(visitors) filter (where dimension = 'total'), 0) as visitors,
        coalesce(sum(views) filter (where dimension = 'landing'), 0) as visits
      from ${siteStats}
      where day between ${previous.from}::date and ${to}::date
        and dimension in ('total', 'landing')
      group by day`),
  );
  // Each dimension's values ranked by the range's visitors, ANALYTICS_TOP at most, with the
  // same value's visitors in the previous period.
  const ranked = rowsOf<RankedRow>(
    await db.execute(sql`
      select dimension, value, views, visitors, previous_visitors from (
        select dimension, value, views, visitors, previous_visitors,
          row_number() over (partition by dimension
            order by visitors desc, views desc, value) as place
        from (
          select dimension, value,
            coalesce(sum(views) filter (where day >= ${from}::date), 0) as views,
            coalesce(sum(visitors) filter (where day >= ${from}::date), 0) as visitors,
            coalesce(sum(visitors) filter (where day < ${from}::date), 0) as previous_visitors
          from ${siteStats}
          where day between ${previous.from}::date and ${to}::date
            and dimension in ('referrer', 'page', 'landing', 'device')
          group by dimension, value
        ) sums
        where visitors > 0 or views > 0
      ) placed
      where place <= ${ANALYTICS_TOP}
      order by dimension, place`),
  );

  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const sum = (days: string[], key: "views" | "visitors" | "visits") =>
    days.reduce((total, day) => total + n(byDay.get(day)?.[key]), 0);
  const current = daysOf(range);
  const before = daysOf(previous);
  const rowsOfDimension = (dimension: Ranked) =>
    ranked
      .filter((row) => row.dimension === dimension)
      .map((row) => ({
        value: row.value,
        views: n(row.views),
        visitors: n(row.visitors),
        previous_visitors: n(row.previous_visitors),
      }));
  return {
    range: { from, to },
    previous,
    visitors: { current: sum(current, "visitors"), previous: sum(before, "visitors") },
    views: { current: sum(current, "views"), previous: sum(before, "views") },
    visits: { current: sum(current, "visits"), previous: sum(before, "visits") },
    days: current.map((day) => ({
      day,
      visitors: n(byDay.get(day)?.visitors),
      views: n(byDay.get(day)?.views),
    })),
    sources: rowsOfDimension("referrer"),
    pages: rowsOfDimension("page"),
    landings: rowsOfDimension("landing"),
    devices: rowsOfDimension("device").flatMap((row) =>
      (DEVICES as readonly string[]).includes(row.value)
        ? [{ ...row, value: row.value as Device }]
        : [],
    ),
  };
}
