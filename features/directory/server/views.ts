import { and, count, desc, eq, gte, lt, max } from "drizzle-orm";
import type { z } from "zod";
import { PROFILE_VIEW_DAYS } from "@/features/directory/directory";
import type { profileViewsAnswerSchema } from "@/features/directory/directory-schemas";
import type { Database } from "@/lib/server/db/client";
import { companies, profileViews } from "@/lib/server/db/schema";
import { utcDay } from "./allowances";

/*
 * Which companies opened a candidate's profile (issue 47): the candidate sees each company (its
 * name and page, never who in it) with the days it opened the profile within the last
 * PROFILE_VIEW_DAYS days; older views are deleted by the daily retention (retention.ts).
 */

export type ProfileViewsAnswer = z.input<typeof profileViewsAnswerSchema>;

const DAY_MS = 86_400_000;

/** The first day (UTC) whose views are kept and shown: PROFILE_VIEW_DAYS days back. */
export const firstViewDay = (now: Date): string =>
  utcDay(new Date(now.getTime() - PROFILE_VIEW_DAYS * DAY_MS));

/** The companies shown at most, those that looked most recently first. */
const COMPANIES_SHOWN = 200;

/** The companies that opened `candidateId`'s profile lately, the most recent first. */
export async function listProfileViews(
  db: Database,
  candidateId: number,
  now: Date = new Date(),
): Promise<ProfileViewsAnswer> {
  const lastViewedAt = max(profileViews.viewedAt);
  const rows = await db
    .select({ name: companies.name, slug: companies.slug, days: count(), lastViewedAt })
    .from(profileViews)
    .innerJoin(companies, eq(companies.id, profileViews.companyId))
    .where(
      and(eq(profileViews.candidateId, candidateId), gte(profileViews.viewedOn, firstViewDay(now))),
    )
    .groupBy(companies.id)
    .orderBy(desc(lastViewedAt), desc(companies.id))
    .limit(COMPANIES_SHOWN);
  return {
    views: rows.map((row) => ({
      company: { name: row.name, slug: row.slug },
      days: row.days,
      last_viewed_at: new Date(row.lastViewedAt!).toISOString(),
    })),
  };
}

/** Deletes the views of days before firstViewDay; answers how many. */
export async function forgetOldProfileViews(db: Database, now: Date = new Date()): Promise<number> {
  const gone = await db
    .delete(profileViews)
    .where(lt(profileViews.viewedOn, firstViewDay(now)))
    .returning({ companyId: profileViews.companyId });
  return gone.length;
}
