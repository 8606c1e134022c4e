import { and, desc, eq, exists, notExists, sql } from "drizzle-orm";
import type { z } from "zod";
import { jobPath } from "@/features/jobs/path";
import { applyWithInvitation } from "@/features/directory/invitation-link";
import type {
  blockedCompanySchema,
  declineInputSchema,
  receivedInvitationSchema,
} from "@/features/directory/directory-schemas";
import { takesApplications } from "@/features/applications/server/candidate-applications";
import type { Database } from "@/lib/server/db/client";
import {
  companies,
  companyBlocks,
  jobApplications,
  jobInvitations,
  jobs,
} from "@/lib/server/db/schema";
import { conflict, gone, notFound } from "@/lib/server/errors";
import { LIST_MAX } from "./invitations";

/*
 * Invitations to apply, as the candidate answers them (issue 47; invitations.ts says how they
 * work): their list, accepting one, declining one (and stopping its company), and the
 * companies they stopped.
 */

export type ReceivedInvitation = z.output<typeof receivedInvitationSchema>;
type BlockedCompany = z.output<typeof blockedCompanySchema>;

const NO_INVITATION = "You have no invitation with this id";

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
