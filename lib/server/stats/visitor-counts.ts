import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { appSecret, forgetAppSecrets } from "@/lib/server/db/app-secrets";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { listingStats, statsVisitors } from "@/lib/server/db/schema";

/*
 * Counting a listing's figures (table listing_stats: views, apply clicks, saves, not-interested
 * marks) once per visitor per UTC day, without keeping who the visitor was. Job pages' events
 * (features/listings/server/listing-stats) and a candidate's marks on jobs
 * (features/account/server/job-marks) count through it; listings reads the figures.
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

/**
 * Adds one to a listing's `column` for the day, unless `visitor` was counted for it already that
 * day. In the caller's transaction when given one. True when counted.
 */
export async function countOnce(
  tx: Database,
  { day, salt }: CountingDay,
  count: { jobId: number; column: StatColumn; visitor: string },
): Promise<boolean> {
  const mark = createHmac("sha256", salt)
    .update([count.visitor, count.jobId, count.column].join("\0"))
    .digest("base64url");
  const remembered = await tx
    .insert(statsVisitors)
    .values({ day, mark })
    .onConflictDoNothing()
    .returning({ mark: statsVisitors.mark });
  if (remembered.length === 0) return false;
  await tx
    .insert(listingStats)
    .values({ jobId: count.jobId, day, [count.column]: 1 })
    .onConflictDoUpdate({
      target: [listingStats.jobId, listingStats.day],
      set: { [count.column]: sql`${listingStats[count.column]} + 1` },
    });
  return true;
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
