import { sql, type SQL } from "drizzle-orm";
import type { AudienceReport } from "@/features/analytics/analytics-schemas";
import { daysOf, endOf, startOf, type DayRange } from "@/features/analytics/server/range";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { audienceDays, newsletterSubscribers, savedSearches } from "@/lib/server/db/schema";
import { addDays, utcDay } from "@/lib/server/stats/visitor-counts";

/*
 * Saved searches and job alerts over time (lib/server/db/schema/alerts.ts): a saved search is a
 * search a candidate keeps; it is a job alert when it mails its new matches (alert_frequency
 * not "never"). Per day: how many were made, and how many existed at the day's end. How many
 * existed is the day's snapshot (audience_days, taken by the hourly funnel-daily task within the
 * hour after the day ends: snapshotAudience), so a search deleted or an alert switched off later
 * does not change the days before; a day without one (today, or before the first snapshot) is
 * read from the rows as they are now. How many were made is always read from the rows: a search
 * made and deleted the same day is not among them.
 */

/**
 * The newsletter's confirmed subscribers at `end` (issue 66): confirmed before it, and not
 * stopped (unsubscribed, bounced, complained) by then.
 */
const subscribersAt = (end: SQL) => sql`
  select count(*) from ${newsletterSubscribers} s
  where s.confirmed_at < ${end}
    and (s.status = 'confirmed' or (s.stopped_at is not null and s.stopped_at >= ${end}))`;

/**
 * Takes the snapshot of the day that ended last (yesterday, UTC), unless taken: the searches and
 * alerts made before its end that still exist. Run hourly (lib/server/worker/tasks.ts), so it
 * stands as the day ended but for what changed in the hour after. True when taken now.
 */
export async function snapshotAudience(db: Database, now: Date = new Date()): Promise<boolean> {
  const day = addDays(utcDay(now), -1);
  const end = endOf(day);
  const taken = rowsOf<{ day: string }>(
    await db.execute(sql`
      insert into ${audienceDays} (day, alerts, saved_searches, subscribers)
      select ${day}::date, count(*) filter (where alert_frequency <> 'never'), count(*),
        (${subscribersAt(sql`${end}::timestamptz`)})
      from ${savedSearches}
      where created_at < ${end}::timestamptz
      on conflict (day) do nothing
      returning day`),
  );
  return taken.length > 0;
}

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
  // Subscribers at each day's end, as the rows stand now (a snapshot's count wins below).
  const subscribers = new Map(
    rowsOf<{ day: string; subscribers: unknown }>(
      await db.execute(sql`
        select to_char(d, 'YYYY-MM-DD') as day,
          (${subscribersAt(sql`(d + interval '1 day')`)}) as subscribers
        from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d`),
    ).map((row) => [row.day, n(row.subscribers)]),
  );
  const snapshots = new Map(
    rowsOf<{ day: string; alerts: unknown; saved_searches: unknown; subscribers: unknown }>(
      await db.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, alerts, saved_searches, subscribers
        from ${audienceDays}
        where day between ${range.from}::date and ${range.to}::date`),
    ).map((row) => [row.day, row]),
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
      // What stood at the day's end: its snapshot when it has one, else the rows as they are now.
      const snapshot = snapshots.get(day);
      return {
        day,
        new_alerts: n(row?.alerts),
        alerts: snapshot ? n(snapshot.alerts) : alerts,
        new_saved_searches: n(row?.saved),
        saved_searches: snapshot ? n(snapshot.saved_searches) : saved,
        subscribers: snapshot ? n(snapshot.subscribers) : (subscribers.get(day) ?? 0),
      };
    }),
  };
}
