import { createHmac } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { isbot } from "isbot";
import { appSecret, forgetAppSecrets } from "@/lib/server/db/app-secrets";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { listingStats, statsVisitors } from "@/lib/server/db/schema";

/*
 * Counting once per visitor per UTC day, without keeping who the visitor was: a listing's figures
 * (table listing_stats: views, apply clicks, saves, not-interested marks; job pages' events,
 * features/listings/server/listing-stats, and a candidate's marks on jobs,
 * features/account/server/job-marks) and the board's own traffic (site_stats and search_stats,
 * features/analytics/server/page-views) both mark their visitors with visitorMark.
 *
 * A visitor counted today is remembered as a mark (table stats_visitors): an HMAC, keyed with
 * the day's random salt, of who they are (their address and User-Agent; a signed-in candidate's
 * id for saves and not-interested) with the listing and the event. The salt is a secret of the
 * database (app_secrets, `stats-salt-<day>`), made by the first instance that counts that day;
 * a daily task deletes the marks and the salts of days before yesterday, after which no mark
 * can be tied to anyone, not even by us. Nothing else about a visitor is stored, and no cookie
 * is set.
 */

/** A figure of listing_stats. */
export type StatColumn = "views" | "applyClicks" | "saves" | "notInterested";

const SALT_PREFIX = "stats-salt-";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of `date`: 2026-11-23. */
export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The day `days` after `day` (before, when negative). */
export const addDays = (day: string, days: number) =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** The salt of `day`, made by the first instance that needs it; every instance reads the winner. */
const daySalt = (db: Database, day: string) => appSecret(db, `${SALT_PREFIX}${day}`);

/** What is needed to count on a day: the day and its salt (read before the transaction). */
export type CountingDay = { day: string; salt: Buffer };

export const countingDay = async (db: Database, now: Date = new Date()): Promise<CountingDay> => {
  const day = utcDay(now);
  return { day, salt: await daySalt(db, day) };
};

/** Whether a User-Agent is one whose visits are counted: a browser's, not a crawler's (isbot). */
export const countsVisitsOf = (userAgent: string | undefined): userAgent is string =>
  Boolean(userAgent?.trim()) && !isbot(userAgent);

/** Who an anonymous visitor is counted as: their address and browser, never stored as such. */
export const anonymousVisitor = (address: string, userAgent: string) =>
  `visitor\0${address}\0${userAgent}`;

/**
 * The mark that remembers `what` (the visitor first, then what they were counted for) was
 * counted on the day: the day's salted HMAC of it, all that stats_visitors keeps.
 */
export const visitorMark = ({ salt }: CountingDay, what: readonly (string | number)[]): string =>
  createHmac("sha256", salt).update(what.join("\0")).digest("base64url");

/**
 * The part of a statement that remembers `marks` (a query of one text column, `mark`) as counted
 * on the day, for a data-modifying CTE: the marks it returns are those that were new (the
 * visitor's first time today). Callers that count in one statement (countOnce, page views) write
 * stats_visitors only through it.
 */
export const rememberMarks = ({ day }: CountingDay, marks: SQL): SQL => sql`
  insert into ${statsVisitors} (day, mark)
  select ${day}::date, mark from (${marks}) as marks
  on conflict do nothing
  returning mark`;

/**
 * Adds one to a listing's `column` for the day, unless `visitor` was counted for it already that
 * day. One statement: the mark's insert, and the figure's upsert only when the mark was new (so
 * it needs no transaction; in the caller's when given one). True when counted.
 */
export async function countOnce(
  tx: Database,
  day: CountingDay,
  count: { jobId: number; column: StatColumn; visitor: string },
): Promise<boolean> {
  const mark = visitorMark(day, [count.visitor, count.jobId, count.column]);
  const column = sql.identifier(listingStats[count.column].name);
  const counted = rowsOf(
    await tx.execute(sql`
      with marked as (${rememberMarks(day, sql`select ${mark}::text as mark`)})
      insert into ${listingStats} (job_id, day, ${column})
      select ${count.jobId}::int, ${day.day}::date, 1 from marked
      on conflict (job_id, day) do update set ${column} = listing_stats.${column} + 1
      returning 1`),
  );
  return counted.length > 0;
}

/** The visitor a signed-in candidate's saves and not-interested marks are counted as. */
export const candidateVisitor = (userId: number) => `candidate\0${userId}`;

/**
 * Forgets who was counted: deletes the visitor marks and the salts of days before yesterday
 * (yesterday's stay, for instances whose clocks are a little behind). Returns how many of each.
 */
export async function forgetStatsVisitors(
  db: Database,
  now: Date = new Date(),
): Promise<{ marks: number; salts: number }> {
  const keepFrom = addDays(utcDay(now), -1);
  return db.transaction(async (tx) => {
    const [marks] = rowsOf<{ count: number }>(
      await tx.execute(sql`
        with forgotten as (
          delete from ${statsVisitors} where ${statsVisitors.day} < ${keepFrom} returning 1
        )
        select count(*)::int as count from forgotten`),
    );
    const salts = await forgetAppSecrets(tx, SALT_PREFIX, keepFrom);
    return { marks: Number(marks?.count ?? 0), salts: salts.length };
  });
}
