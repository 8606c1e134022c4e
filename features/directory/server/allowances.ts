import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { PROFILE_VIEWS_PER_DAY } from "@/features/directory/directory";
import { rowsOf, type Database } from "@/lib/server/db/client";
import { companyAllowances, profileSightings } from "@/lib/server/db/schema";
import { AppError } from "@/lib/server/errors";

/*
 * A company's daily allowances in the candidate directory (issue 47): candidates seen (on a
 * search's page or opened: issue 60) and invitations sent, each counted per UTC day in
 * company_allowances. Taking one is a single conditional upsert, or a locked row, so requests
 * that race for the last one cannot both have it.
 */

export type AllowanceKind = "profile_views" | "invitations";

/** What the API answers of an allowance (features/directory/directory-schemas.ts quotaSchema). */
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
  if (!row) throw allowanceUsed(refusal, now);
  return quota(limit, row.used, now);
}

/** The 429 of an allowance used up, with the seconds until it starts again (UTC midnight). */
export function allowanceUsed(refusal: string, now: Date): AppError {
  const wait = Math.ceil((nextMidnight(now).getTime() - now.getTime()) / 1000);
  return new AppError("rate_limited", refusal, wait);
}

/** What the directory may show a company of the candidates asked for, and today's allowance. */
export type Sighting = { shown: Set<number>; withheld: number; views: Quota };

/**
 * Shows `companyId` the candidates `candidateIds` (in the order given), within the day's
 * allowance of PROFILE_VIEWS_PER_DAY candidates (issue 60): those it saw already today (in
 * search or opened) cost nothing; each new one takes one, while any is left; the others are
 * withheld. Run it in the transaction that answers with them: the allowance's row is locked, so
 * two pages asked for at once cannot both take its last places.
 */
export async function seeCandidates(
  tx: Database,
  companyId: number,
  candidateIds: number[],
  now: Date = new Date(),
): Promise<Sighting> {
  const day = utcDay(now);
  const limit = PROFILE_VIEWS_PER_DAY;
  await tx.execute(sql`
    insert into ${companyAllowances} (company_id, kind, day, used)
    values (${companyId}, 'profile_views', ${day}::date, 0)
    on conflict (company_id, kind, day) do nothing`);
  const [row] = rowsOf<{ used: number }>(
    await tx.execute(sql`
      select used from ${companyAllowances}
      where company_id = ${companyId} and kind = 'profile_views' and day = ${day}::date
      for update`),
  );
  const used = Number(row?.used ?? 0);
  const seen =
    candidateIds.length === 0
      ? []
      : await tx
          .select({ id: profileSightings.candidateId })
          .from(profileSightings)
          .where(
            and(
              eq(profileSightings.companyId, companyId),
              eq(profileSightings.seenOn, day),
              inArray(profileSightings.candidateId, candidateIds),
            ),
          );
  const shown = new Set(seen.map((one) => one.id));
  const unseen = [...new Set(candidateIds)].filter((id) => !shown.has(id));
  const taken = unseen.slice(0, Math.max(limit - used, 0));
  if (taken.length > 0) {
    await tx
      .insert(profileSightings)
      .values(taken.map((candidateId) => ({ companyId, candidateId, seenOn: day })));
    await tx.execute(sql`
      update ${companyAllowances} set used = used + ${taken.length}
      where company_id = ${companyId} and kind = 'profile_views' and day = ${day}::date`);
  }
  for (const id of taken) shown.add(id);
  return {
    shown,
    withheld: unseen.length - taken.length,
    views: quota(limit, used + taken.length, now),
  };
}

/** Deletes the days before yesterday: nothing reads them. */
export async function forgetOldAllowances(db: Database, now: Date = new Date()): Promise<number> {
  const yesterday = utcDay(new Date(now.getTime() - 86_400_000));
  const gone = await db
    .delete(companyAllowances)
    .where(lt(companyAllowances.day, yesterday))
    .returning({ companyId: companyAllowances.companyId });
  await db.delete(profileSightings).where(lt(profileSightings.seenOn, yesterday));
  return gone.length;
}
