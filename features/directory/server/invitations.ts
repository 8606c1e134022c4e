import { and, desc, eq, exists, gt, lt, notExists, sql } from "drizzle-orm";
import type { z } from "zod";
import { jobPath } from "@/features/jobs/path";
import { INVITATION_KEEP_DAYS, INVITATIONS_PER_DAY } from "@/features/directory/directory";
import { applyWithInvitation } from "@/features/directory/invitation-link";
import type {
  blockedCompanySchema,
  declineInputSchema,
  invitationInputSchema,
  receivedInvitationSchema,
  sentInvitationSchema,
} from "@/features/directory/directory-schemas";
import { takesApplications } from "@/features/applications/server/candidate-applications";
import type { Employer } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import {
  companies,
  companyBlocks,
  jobApplications,
  jobInvitations,
  jobs,
  users,
} from "@/lib/server/db/schema";
import { conflict, gone, InvalidInput, notFound } from "@/lib/server/errors";
import type { MailMessage } from "@/lib/server/mail/messages";
import { withMail } from "@/lib/server/queue/queue";
import { verifiedEmail } from "@/lib/server/users/moderators";
import { assertCompanyHasHired, findableBy, visibleCandidate } from "./access";
import { allowanceOf, takeAllowance, type Quota } from "./allowances";
import { inviter, inviterName } from "./inviter";

/*
 * Invitations to apply (issue 47). An employer whose company has hired on the board invites a
 * candidate it may see in the directory to one of its live listings: once per candidate and
 * listing, at most INVITATIONS_PER_DAY a day per company (the allowance is taken in the
 * transaction that stores the invitation, so a refused one gives it back). The candidate is
 * mailed on the queue, at their verified address only, and answers on /invitations: accepting
 * opens the job's apply form with the invitation carried (the application then enters the
 * pipeline marked invited), declining may give a reason the employer reads and may stop the
 * company altogether (company_blocks: it no longer finds, opens or invites them). Invitations
 * are deleted INVITATION_KEEP_DAYS after they were sent.
 */

export type SentInvitation = z.output<typeof sentInvitationSchema>;
export type ReceivedInvitation = z.output<typeof receivedInvitationSchema>;
type BlockedCompany = z.output<typeof blockedCompanySchema>;

/** The most of its invitations a company's list, or a candidate's, shows: the newest. */
const LIST_MAX = 1_000;

const DAY_MS = 24 * 60 * 60 * 1000;

export const NOT_LIVE_LISTING = "Choose one of your company's listings that is live on the board";
export const INVITATIONS_CLOSED = "This candidate does not take invitations to apply";
export const INVITATION_LIMIT = `Your company has sent its ${INVITATIONS_PER_DAY} invitations for today: more tomorrow (UTC)`;
export const ALREADY_INVITED = "This candidate was already invited to this listing";
export const ALREADY_APPLIED =
  "This candidate already applied to this listing: they are among its applicants, where you can write to them";
const NO_INVITATION = "You have no invitation with this id";

/** A company's invitations (only `invitationId`, if given), newest first, as it sees them. */
async function sentInvitations(
  db: Database,
  companyId: number,
  invitationId?: number,
): Promise<SentInvitation[]> {
  const rows = await db
    .select({
      row: jobInvitations,
      title: jobs.title,
      key: users.profileKey,
      name: users.fullName,
      // The candidate is named while the company may still find them: not once they hid their
      // profile or stopped the company (their account's deletion deletes the row itself).
      findable: sql<boolean>`${findableBy(companyId)}`.mapWith(Boolean),
      invitedBy: inviterName,
    })
    .from(jobInvitations)
    .innerJoin(jobs, eq(jobs.id, jobInvitations.jobId))
    .innerJoin(users, eq(users.id, jobInvitations.candidateId))
    .leftJoin(inviter, eq(inviter.id, jobInvitations.invitedBy))
    .where(
      and(
        eq(jobInvitations.companyId, companyId),
        invitationId === undefined ? undefined : eq(jobInvitations.id, invitationId),
      ),
    )
    .orderBy(desc(jobInvitations.createdAt), desc(jobInvitations.id))
    .limit(LIST_MAX);
  return rows.map(({ row, title, key, name, findable, invitedBy }) => ({
    id: row.id,
    candidate: findable ? { key, name: name ?? "Candidate" } : null,
    job: { id: row.jobId, title },
    message: row.message,
    status: row.status,
    decline_reason: row.declineReason,
    invited_by: invitedBy,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
  }));
}

const invitationQuota = (db: Database, companyId: number, now: Date) =>
  allowanceOf(db, companyId, "invitations", INVITATIONS_PER_DAY, now);

/** The listing `jobId` of `companyId` while it is live on the board; 422 on `job_id` otherwise. */
async function liveListing(db: Database, companyId: number, jobId: number, now: Date) {
  const [job] = await db
    .select({ id: jobs.id, slug: jobs.slug, title: jobs.title, companyName: companies.name })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(
      and(
        eq(jobs.id, jobId),
        eq(jobs.companyId, companyId),
        eq(jobs.status, "open"),
        gt(jobs.expiresAt, now),
      ),
    );
  if (!job) throw new InvalidInput({ job_id: [NOT_LIVE_LISTING] });
  return job;
}

/**
 * The caller's company invites the candidate `key` names to apply to `body.job_id`: 403 until
 * the company has hired on the board, 404 for a candidate it may not see, 410 for one who takes
 * no invitations, 422 on `job_id` for a listing that is not its own and live, 409 for a second
 * invitation to the same listing or one to a listing they already applied to, 429 past today's allowance. Stored, counted and the
 * candidate's mail queued in one transaction.
 */
export async function inviteCandidate(
  db: Database,
  { user, member }: Employer,
  key: string,
  body: z.output<typeof invitationInputSchema>,
  now: Date = new Date(),
): Promise<{ invitation: SentInvitation; invitations_today: Quota }> {
  const { companyId } = member;
  return withMail(db, async (tx) => {
    await assertCompanyHasHired(tx, companyId);
    const candidate = await visibleCandidate(tx, key, companyId);
    if (!candidate.invitationsOpen) throw gone(INVITATIONS_CLOSED);
    const job = await liveListing(tx, companyId, body.job_id, now);
    // A second invitation is told as such, even with no allowance left.
    const [before] = await tx
      .select({ id: jobInvitations.id })
      .from(jobInvitations)
      .where(and(eq(jobInvitations.jobId, job.id), eq(jobInvitations.candidateId, candidate.id)));
    if (before) throw conflict(ALREADY_INVITED);
    // Someone who applied already is not asked to apply (issue 61): nothing is sent.
    const [applied] = await tx
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(and(eq(jobApplications.jobId, job.id), eq(jobApplications.userId, candidate.id)));
    if (applied) throw conflict(ALREADY_APPLIED);
    const quota = await takeAllowance(
      tx,
      companyId,
      "invitations",
      INVITATIONS_PER_DAY,
      INVITATION_LIMIT,
      now,
    );
    const [row] = await tx
      .insert(jobInvitations)
      .values({
        companyId,
        jobId: job.id,
        candidateId: candidate.id,
        invitedBy: user.id,
        message: body.message,
        createdAt: now,
      })
      // Two at once: the second finds the first's row, and its allowance goes back with the
      // rolled-back transaction.
      .onConflictDoNothing()
      .returning({ id: jobInvitations.id });
    if (!row) throw conflict(ALREADY_INVITED);
    const [invitation] = await sentInvitations(tx, companyId, row.id);
    const to = verifiedEmail(candidate);
    const mail: MailMessage[] = to
      ? [
          {
            template: "job-invitation",
            to,
            props: {
              recipientName: candidate.fullName,
              companyName: job.companyName,
              jobId: job.id,
              slug: job.slug,
              title: job.title,
              message: body.message,
            },
          },
        ]
      : [];
    return { result: { invitation: invitation!, invitations_today: quota }, mail };
  });
}

/** The company's invitations, newest first, with the candidates' answers, and today's allowance. */
export async function listSentInvitations(
  db: Database,
  { member }: Employer,
  now: Date = new Date(),
) {
  const [invitations, quota] = await Promise.all([
    sentInvitations(db, member.companyId),
    invitationQuota(db, member.companyId, now),
  ]);
  return { invitations, invitations_today: quota };
}

type JobState = Parameters<typeof takesApplications>[0];

/** Whether the invitation's job still takes applications: on the board's form, or its own way. */
const stillOpen = (job: JobState, now: Date) =>
  job.applyMethod === "board"
    ? takesApplications(job, now)
    : job.status === "open" && job.expiresAt > now;

/** `userId`'s invitations (only `invitationId`, if given), newest first, as they see them. */
async function receivedRows(db: Database, userId: number, invitationId?: number) {
  return db
    .select({
      row: jobInvitations,
      job: {
        id: jobs.id,
        slug: jobs.slug,
        title: jobs.title,
        status: jobs.status,
        applyMethod: jobs.applyMethod,
        expiresAt: jobs.expiresAt,
        applicationsCloseAt: jobs.applicationsCloseAt,
      },
      company: { id: companies.id, name: companies.name, slug: companies.slug },
      blocked: exists(
        db
          .select({ one: sql`1` })
          .from(companyBlocks)
          .where(
            and(
              eq(companyBlocks.candidateId, jobInvitations.candidateId),
              eq(companyBlocks.companyId, jobInvitations.companyId),
            ),
          ),
      ).mapWith(Boolean),
    })
    .from(jobInvitations)
    .innerJoin(jobs, eq(jobs.id, jobInvitations.jobId))
    .innerJoin(companies, eq(companies.id, jobInvitations.companyId))
    .where(
      and(
        eq(jobInvitations.candidateId, userId),
        invitationId === undefined ? undefined : eq(jobInvitations.id, invitationId),
      ),
    )
    .orderBy(desc(jobInvitations.createdAt), desc(jobInvitations.id))
    .limit(LIST_MAX);
}

type ReceivedRow = Awaited<ReturnType<typeof receivedRows>>[number];

const receivedAnswer = (
  { row, job, company, blocked }: ReceivedRow,
  now: Date,
): ReceivedInvitation => ({
  id: row.id,
  company,
  job: {
    id: job.id,
    title: job.title,
    url: jobPath(job),
    open: stillOpen(job as JobState, now),
  },
  message: row.message,
  status: row.status,
  decline_reason: row.declineReason,
  created_at: row.createdAt.toISOString(),
  answered_at: row.answeredAt?.toISOString() ?? null,
  company_blocked: blocked,
});

/** The caller's invitations to apply, newest first. */
export async function listReceivedInvitations(
  db: Database,
  userId: number,
  now: Date = new Date(),
) {
  const rows = await receivedRows(db, userId);
  return { invitations: rows.map((row) => receivedAnswer(row, now)) };
}

/** The caller's invitation `invitationId`; 404 for anyone else's, as if there were none. */
async function ownInvitation(db: Database, userId: number, invitationId: number) {
  const [found] = await receivedRows(db, userId, invitationId);
  if (!found) throw notFound(NO_INVITATION);
  return found;
}

/**
 * The candidate accepts their invitation: 409 once they declined it, 410 when its job no longer
 * takes applications. Answers where the job's apply form opens with the invitation carried (on
 * the board's form; a job that takes applications elsewhere opens its page, which links there).
 */
export async function acceptJobInvitation(
  db: Database,
  userId: number,
  invitationId: number,
  now: Date = new Date(),
) {
  const found = await ownInvitation(db, userId, invitationId);
  if (found.row.status === "declined") throw conflict("You declined this invitation");
  if (!stillOpen(found.job as JobState, now)) {
    throw gone("This job no longer takes applications");
  }
  const [accepted] = await db
    .update(jobInvitations)
    .set({
      status: "accepted",
      answeredAt: sql`coalesce(${jobInvitations.answeredAt}, ${now}::timestamptz)`,
    })
    .where(
      and(
        eq(jobInvitations.id, invitationId),
        eq(jobInvitations.candidateId, userId),
        sql`${jobInvitations.status} <> 'declined'`,
      ),
    )
    .returning({ id: jobInvitations.id });
  // Declined meanwhile, from another tab.
  if (!accepted) throw conflict("You declined this invitation");
  const page = jobPath(found.job);
  return {
    invitation: receivedAnswer(await ownInvitation(db, userId, invitationId), now),
    apply_url: found.job.applyMethod === "board" ? applyWithInvitation(page, invitationId) : page,
  };
}

/**
 * The candidate declines their invitation, with a reason its employer reads if they give one
 * (declining again changes it), and with `stop_company` stops the company: it no longer finds,
 * opens or invites them. 409 once they applied to the job.
 */
export async function declineInvitation(
  db: Database,
  userId: number,
  invitationId: number,
  body: z.output<typeof declineInputSchema>,
  now: Date = new Date(),
) {
  return db.transaction(async (tx) => {
    const found = await ownInvitation(tx, userId, invitationId);
    const [declined] = await tx
      .update(jobInvitations)
      .set({
        status: "declined",
        ...(body.reason === undefined ? {} : { declineReason: body.reason }),
        answeredAt: sql`case when ${jobInvitations.status} = 'declined'
          then ${jobInvitations.answeredAt} else ${now}::timestamptz end`,
      })
      .where(
        and(
          eq(jobInvitations.id, invitationId),
          eq(jobInvitations.candidateId, userId),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(jobApplications)
              .where(
                and(
                  eq(jobApplications.jobId, jobInvitations.jobId),
                  eq(jobApplications.userId, jobInvitations.candidateId),
                ),
              ),
          ),
        ),
      )
      .returning({ id: jobInvitations.id });
    if (!declined) throw conflict("You have applied to this job: withdraw the application instead");
    if (body.stop_company) {
      await tx
        .insert(companyBlocks)
        .values({ candidateId: userId, companyId: found.company.id, createdAt: now })
        .onConflictDoNothing();
    }
    return { invitation: receivedAnswer(await ownInvitation(tx, userId, invitationId), now) };
  });
}

/** The companies the caller stopped, the latest first. */
export async function listBlockedCompanies(
  db: Database,
  userId: number,
): Promise<{ companies: BlockedCompany[] }> {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      slug: companies.slug,
      blockedAt: companyBlocks.createdAt,
    })
    .from(companyBlocks)
    .innerJoin(companies, eq(companies.id, companyBlocks.companyId))
    .where(eq(companyBlocks.candidateId, userId))
    .orderBy(desc(companyBlocks.createdAt), desc(companies.id))
    .limit(LIST_MAX);
  return {
    companies: rows.map(({ blockedAt, ...company }) => ({
      ...company,
      blocked_at: blockedAt.toISOString(),
    })),
  };
}

/** Lets a company the caller stopped find and invite them again; 404 for one they did not stop. */
export async function unblockCompany(db: Database, userId: number, companyId: number) {
  const removed = await db
    .delete(companyBlocks)
    .where(and(eq(companyBlocks.candidateId, userId), eq(companyBlocks.companyId, companyId)))
    .returning({ companyId: companyBlocks.companyId });
  if (removed.length === 0) throw notFound("You have not stopped this company");
  return listBlockedCompanies(db, userId);
}

/** Deletes invitations sent more than INVITATION_KEEP_DAYS ago, with their answers. */
export async function forgetOldInvitations(db: Database, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - INVITATION_KEEP_DAYS * DAY_MS);
  const deleted = await db
    .delete(jobInvitations)
    .where(lt(jobInvitations.createdAt, before))
    .returning({ id: jobInvitations.id });
  return deleted.length;
}
