import { and, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { INVITATIONS_PER_DAY, PROFILE_VIEWS_PER_DAY } from "@/features/directory/directory";
import type {
  directoryProfileAnswerSchema,
  directoryProfileSchema,
  sentInvitationSchema,
} from "@/features/directory/directory-schemas";
import type { Member } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import {
  jobApplications,
  jobInvitations,
  jobs,
  preferences,
  profileViews,
  users,
} from "@/lib/server/db/schema";
import { isListed } from "@/features/jobs/server/jobs";
import { assertCompanyHasHired, visibleCandidate } from "./access";
import { allowanceOf, allowanceUsed, seeCandidates, utcDay } from "./allowances";
import { cardColumns, toCard } from "./cards";
import { inviter, inviterName } from "./inviter";

/*
 * A candidate's profile in the directory (issue 47): as an employer opens it, one of the
 * company's PROFILE_VIEWS_PER_DAY candidates a day (UTC), unless the company saw them today
 * already, in search or opened (issue 60), whoever in the company it was; and as a moderator
 * reads it, counting nothing. The view is recorded and paid for in one transaction: when the
 * day's places are used, a 429 records nothing.
 */

export type DirectoryProfile = z.input<typeof directoryProfileSchema>;
export type DirectoryProfileAnswer = z.input<typeof directoryProfileAnswerSchema>;
type SentInvitation = z.input<typeof sentInvitationSchema>;

export const PROFILE_VIEWS_USED = `Your company has seen ${PROFILE_VIEWS_PER_DAY} candidates today, in search or opened, as many as a day allows: more after midnight UTC (candidates seen today still open)`;

/** How many of a company's invitations to one candidate a profile shows, newest first. */
const INVITATIONS_SHOWN = 50;

/** `companyId`'s invitations to `candidateId`, newest first, as the company sees them. */
async function invitationsTo(
  db: Database,
  companyId: number,
  candidate: { id: number; key: string; name: string },
): Promise<SentInvitation[]> {
  const rows = await db
    .select({
      id: jobInvitations.id,
      jobId: jobs.id,
      jobTitle: jobs.title,
      message: jobInvitations.message,
      status: jobInvitations.status,
      declineReason: jobInvitations.declineReason,
      invitedBy: inviterName,
      createdAt: jobInvitations.createdAt,
      answeredAt: jobInvitations.answeredAt,
    })
    .from(jobInvitations)
    .innerJoin(jobs, eq(jobs.id, jobInvitations.jobId))
    .leftJoin(inviter, eq(inviter.id, jobInvitations.invitedBy))
    .where(
      and(eq(jobInvitations.companyId, companyId), eq(jobInvitations.candidateId, candidate.id)),
    )
    .orderBy(desc(jobInvitations.createdAt), desc(jobInvitations.id))
    .limit(INVITATIONS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    candidate: { key: candidate.key, name: candidate.name },
    job: { id: row.jobId, title: row.jobTitle },
    message: row.message,
    status: row.status,
    decline_reason: row.declineReason,
    invited_by: row.invitedBy,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
  }));
}

/** Whether `companyId` has a listing live on the board now, to invite a candidate to. */
async function hasLiveListing(db: Database, companyId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), isListed(now)))
    .limit(1);
  return Boolean(row);
}

/** The listings of `companyId` that `candidateId` applied to on the board, oldest first. */
async function appliedTo(db: Database, companyId: number, candidateId: number) {
  const rows = await db
    .select({ id: jobApplications.jobId })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(and(eq(jobs.companyId, companyId), eq(jobApplications.userId, candidateId)))
    .orderBy(jobApplications.jobId);
  return rows.map((row) => row.id);
}

/**
 * The profile of `candidateId` (already found visible) as `companyId` sees it, or a moderator
 * (null): no invitations, and nothing to invite to.
 */
export async function profileOf(
  db: Database,
  candidateId: number,
  companyId: number | null,
  now: Date,
): Promise<DirectoryProfile> {
  const [row] = await db
    .select({
      ...cardColumns(companyId, now),
      bio: users.bio,
      websiteUrl: users.websiteUrl,
      linkedinUrl: users.linkedinUrl,
      invitationsOpen: users.invitationsOpen,
    })
    .from(users)
    .leftJoin(preferences, eq(preferences.userId, users.id))
    .where(eq(users.id, candidateId));
  const card = toCard(row!);
  const invitable =
    companyId !== null && row!.invitationsOpen && (await hasLiveListing(db, companyId, now));
  return {
    ...card,
    bio: row!.bio,
    website_url: row!.websiteUrl,
    linkedin_url: row!.linkedinUrl,
    remote_only: row!.remoteOnly ?? false,
    invitable,
    invitations:
      companyId === null
        ? []
        : await invitationsTo(db, companyId, { id: candidateId, key: card.key, name: card.name }),
    applied_job_ids: companyId === null ? [] : await appliedTo(db, companyId, candidateId),
  };
}

/**
 * Opens the profile `key` names for `member`'s company: 403 until the company has had a listing
 * live, 404 for a profile it may not see, 429 when today's profile views are used (a profile
 * opened already today costs nothing, and still opens).
 */
export async function openDirectoryProfile(
  db: Database,
  member: Pick<Member, "companyId">,
  key: string,
  now: Date = new Date(),
): Promise<DirectoryProfileAnswer> {
  const { companyId } = member;
  await assertCompanyHasHired(db, companyId);
  return db.transaction(async (tx) => {
    const candidate = await visibleCandidate(tx, key, companyId);
    // A candidate seen today (on a search's page, or opened) opens at no cost; a new one takes
    // one of the day's places, or is refused when none is left.
    const { shown, views } = await seeCandidates(tx, companyId, [candidate.id], now);
    if (!shown.has(candidate.id)) throw allowanceUsed(PROFILE_VIEWS_USED, now);
    // What the candidate is shown: which companies opened their profile, once a day each.
    await tx
      .insert(profileViews)
      .values({ companyId, candidateId: candidate.id, viewedOn: utcDay(now), viewedAt: now })
      .onConflictDoNothing();
    return {
      profile: await profileOf(tx, candidate.id, companyId, now),
      views,
      invitations: await allowanceOf(tx, companyId, "invitations", INVITATIONS_PER_DAY, now),
    };
  });
}
