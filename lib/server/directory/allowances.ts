import { lt, sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client";
import { companyAllowances } from "../db/schema";
import { AppError } from "../errors";

/*
 * A company's daily allowances in the candidate directory (issue 47): profiles opened and
 * invitations sent, each counted per UTC day in company_allowances. Taking one is a single
 * conditional upsert, so requests that race for the last one cannot both have it.
 */

export type AllowanceKind = "profile_views" | "invitations";

/** What the API answers of an allowance (lib/talent/directory-schemas.ts quotaSchema). */
export type Quota = { limit: number; used: number; left: number; resets_at: string };

/** The UTC day of `now`, as the table's `date` holds it. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

const nextMidnight = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

const quota = (limit: number, used: number, now: Date): Quota => ({
  limit,
  used: Math.min(used, limit),
  left: Math.max(limit - used, 0),
  resets_at: nextMidnight(now).toISOString(),
});

/** How much of an allowance the company used today. */
export async function allowanceOf(
  db: Database,
  companyId: number,
  kind: AllowanceKind,
  limit: number,
  now: Date = new Date(),
): Promise<Quota> {
  const [row] = rowsOf<{ used: number }>(
    await db.execute(sql`
      select used from ${companyAllowances}
      where company_id = ${companyId} and kind = ${kind} and day = ${utcDay(now)}::date`),
  );
  return quota(limit, row?.used ?? 0, now);
}

/**
 * Takes one of today's allowance, or throws 429 (rate_limited, with the seconds until UTC
 * midnight) when none is left. Run it inside the transaction that does what it pays for, so
 * that a failure after it gives the allowance back.
 */
export async function takeAllowance(
  db: Database,
  companyId: number,
  kind: AllowanceKind,
  limit: number,
  refusal: string,
  now: Date = new Date(),
): Promise<Quota> {
  const [row] = rowsOf<{ used: number }>(
    await db.execute(sql`
      insert into ${companyAllowances} (company_id, kind, day, used)
      values (${companyId}, ${kind}, ${utcDay(now)}::date, 1)
      on conflict (company_id, kind, day) do update set used = ${companyAllowances.used} + 1
        where ${companyAllowances.used} < ${limit}
      returning used`),
  );
  if (!row) {
    const wait = Math.ceil((nextMidnight(now).getTime() - now.getTime()) / 1000);
    throw new AppError("rate_limited", refusal, wait);
  }
  return quota(limit, row.used, now);
}

/** Deletes the days before yesterday: nothing reads them. */
export async function forgetOldAllowances(db: Database, now: Date = new Date()): Promise<number> {
  const yesterday = utcDay(new Date(now.getTime() - 86_400_000));
  const gone = await db
    .delete(companyAllowances)
    .where(lt(companyAllowances.day, yesterday))
    .returning({ companyId: companyAllowances.companyId });
  return gone.length;
}
