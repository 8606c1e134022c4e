import { sql } from "drizzle-orm";
import type { AudienceReport } from "@/features/analytics/analytics-schemas";
import { daysOf, endOf, startOf, type DayRange } from "@/features/analytics/server/range";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { savedSearches } from "@/lib/server/db/schema";

/*
 * Saved searches and job alerts over time (lib/server/db/schema/alerts.ts): a saved search is a
 * search a candidate keeps; it is a job alert when it mails its new matches (alert_frequency
 * not "never"). Per day: how many were made, and how many existed at the day's end. Read from
 * the rows as they are now: a deleted search, or an alert switched off since, is no longer
 * counted on the days it existed (nothing records when it went).
 */

const n = (value: unknown) => Number(value ?? 0);

/** `GET /api/moderation/analytics`'s audience. */
export async function audienceReport(db: Database, range: DayRange): Promise<AudienceReport> {
  const start = startOf(range.from);
  const end = endOf(range.to);
  const rows = rowsOf<{ day: string | null; alerts: unknown; saved: unknown }>(
    await db.execute(sql`
      select case when created_at < ${start}::timestamptz then null
          else to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') end as day,
        count(*) filter (where alert_frequency <> 'never') as alerts,
        count(*) as saved
      from ${savedSearches}
      where created_at < ${end}::timestamptz
      group by 1`),
  );
  const before = rows.find((row) => row.day === null);
  let alerts = n(before?.alerts);
  let saved = n(before?.saved);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return {
    range: { from: range.from, to: range.to },
    days: daysOf(range).map((day) => {
      const row = byDay.get(day);
      alerts += n(row?.alerts);
      saved += n(row?.saved);
      return {
        day,
        new_alerts: n(row?.alerts),
        alerts,
        new_saved_searches: n(row?.saved),
        saved_searches: saved,
      };
    }),
  };
}
