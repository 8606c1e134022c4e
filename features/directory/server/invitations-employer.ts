import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import { INVITATIONS_PER_DAY } from "@/features/directory/directory";
import type {
  invitationInputSchema,
  sentInvitationSchema,
} from "@/features/directory/directory-schemas";
import type { Employer } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { companies, jobApplications, jobInvitations, jobs, users } from "@/lib/server/db/schema";
import { conflict, gone, InvalidInput } from "@/lib/server/errors";
import type { MailMessage } from "@/lib/server/mail/messages";
import { withMail } from "@/lib/server/queue/queue";
import { verifiedEmail } from "@/lib/server/users/moderators";
import { assertCompanyHasHired, findableBy, visibleCandidate } from "./access";
import { allowanceOf, takeAllowance, type Quota } from "./allowances";
import { LIST_MAX } from "./invitations";
import { inviter, inviterName } from "./inviter";

/*
 * Invitations to apply, as the employer sends them (issue 47; invitations.ts says how they
 * work): a candidate invited to one of the company's live listings, and the company's list.
 */

export type SentInvitation = z.output<typeof sentInvitationSchema>;

export const NOT_LIVE_LISTING = "Choose one of your company's listings that is live on the board";
export const INVITATIONS_CLOSED = "This candidate does not take invitations to apply";
export const INVITATION_LIMIT = `Your company has sent its ${INVITATIONS_PER_DAY} invitations for today: more tomorrow (UTC)`;
export const ALREADY_INVITED = "This candidate was already invited to this listing";
export const ALREADY_APPLIED =
  "This candidate already applied to this listing: they are among its applicants, where you can write to them";

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
