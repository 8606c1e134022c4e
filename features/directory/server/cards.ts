import { sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { ACTIVE_WITHIN_DAYS } from "@/features/directory/directory";
import type { directoryCardSchema } from "@/features/directory/directory-schemas";
import { trustedAvatarUrl } from "@/lib/users/avatar";
import { preferences, profileViews, users } from "@/lib/server/db/schema";
import { utcDay } from "./allowances";

/*
 * A candidate as the directory shows them (issue 47), read in the statement that finds them:
 * their profile's public fields and preferences, how recently they were active (a bucket, never
 * the time), and whether the company opened them today. Never an e-mail address: no column here
 * holds one.
 */

export type DirectoryCard = z.input<typeof directoryCardSchema>;

const DAY_MS = 86_400_000;

/** `days` before `now`, as a timestamp PostgreSQL reads. */
export const daysBefore = (now: Date, days: number): SQL =>
  sql`${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz`;

/** The shortest of 7, 30 and 90 days the candidate was active within, or null. */
const activeWithin = (now: Date): SQL<number | null> =>
  sql<number | null>`case ${sql.join(
    ACTIVE_WITHIN_DAYS.map(
      (days) => sql`when ${users.lastActiveAt} >= ${daysBefore(now, days)} then ${days}::int`,
    ),
    sql` `,
  )} end`;

/** Whether `companyId` opened the candidate today (UTC); false for a moderator (null). */
const viewedToday = (companyId: number | null, now: Date): SQL<boolean> =>
  companyId === null
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from ${profileViews}
        where ${profileViews.companyId} = ${companyId} and ${profileViews.candidateId} = ${users.id}
          and ${profileViews.viewedOn} = ${utcDay(now)}::date)`;

/**
 * The columns of a card, from `users` left-joined to `preferences` (a candidate who never saved
 * preferences has none).
 */
export const cardColumns = (companyId: number | null, now: Date) => ({
  id: users.id,
  key: users.profileKey,
  name: users.fullName,
  avatarUrl: users.avatarUrl,
  headline: users.headline,
  location: users.location,
  skills: users.skills,
  openToWork: users.openToWork,
  departments: preferences.departments,
  regions: preferences.regions,
  types: preferences.types,
  salaryMin: preferences.salaryMin,
  remoteOnly: preferences.remoteOnly,
  activeWithin: activeWithin(now).mapWith(Number),
  viewedToday: viewedToday(companyId, now).mapWith(Boolean),
});

type CardRow = {
  key: string;
  name: string | null;
  avatarUrl: string | null;
  headline: string | null;
  location: string | null;
  skills: string[];
  openToWork: boolean;
  departments: string[] | null;
  regions: string[] | null;
  types: string[] | null;
  salaryMin: number | null;
  remoteOnly: boolean | null;
  activeWithin: number | null;
  viewedToday: boolean;
};

/** A row of cardColumns as the API answers it. */
export function toCard(row: CardRow): DirectoryCard {
  const regions = row.regions ?? [];
  return {
    key: row.key,
    name: row.name ?? "Candidate",
    avatar_url: trustedAvatarUrl(row.avatarUrl),
    headline: row.headline,
    location: row.location,
    skills: row.skills,
    open_to_work: row.openToWork,
    departments: row.departments ?? [],
    // Someone who wants remote work only is looking in the remote region (as the filter reads).
    regions: row.remoteOnly && !regions.includes("remote") ? [...regions, "remote"] : regions,
    types: row.types ?? [],
    salary_min: row.salaryMin,
    active_within: (row.activeWithin ?? null) as DirectoryCard["active_within"],
    viewed_today: row.viewedToday,
  };
}
