import { domainToUnicode } from "node:url";
import { and, desc, eq, sql } from "drizzle-orm";
import { NO_CV_MESSAGE } from "@/features/applications/constants";
import { checkAnswers } from "@/features/applications/answers";
import type { ApplicationBody, OwnJobApplication } from "@/features/applications/schemas";
import type { Database } from "@/lib/server/db/client";
import {
  candidateCvs,
  jobApplications,
  jobInvitations,
  jobs,
  type JobApplicationRow,
  type User,
} from "@/lib/server/db/schema";
import { conflict, forbidden, gone, InvalidInput, notFound } from "@/lib/server/errors";
import { verifiedEmail } from "@/lib/server/users/moderators";
import type { MailMessage } from "@/lib/server/mail/messages";
import { threadsOf } from "./conversation";
import { instantRecipients, newApplicantMail } from "./employer-mail";
import {
  isOpenApplication,
  listingWith,
  selectApplicationsWithListing,
  SENT_CONTENT,
  type ListingRef,
} from "./access";

/*
 * The candidate's side of applications made on the board (issue 27): a candidate applies once
 * per job, with the CV on their profile (copied, so replacing it later does not change what the
 * employer got), reads their applications with the stage each is at, and withdraws one still
 * open. The employer's side is employer-pipeline.ts; closing what is left open, close-out.ts.
 */

type JobForApplying = ListingRef & {
  status: string;
  applyMethod: string;
  expiresAt: Date;
  applicationsCloseAt: Date | null;
  applicantMail: string;
  screeningQuestions: { id: string; kind: string; prompt: string; required: boolean }[];
};

async function jobForApplying(db: Database, jobId: number): Promise<JobForApplying> {
  const job = await listingWith(db, jobId, {
    status: jobs.status,
    applyMethod: jobs.applyMethod,
    expiresAt: jobs.expiresAt,
    applicationsCloseAt: jobs.applicationsCloseAt,
    applicantMail: jobs.applicantMail,
    screeningQuestions: jobs.screeningQuestions,
  });
  // Never published, or taken down: as if it did not exist.
  if (!job || ["pending", "rejected", "removed"].includes(job.status)) {
    throw notFound("No job with this id");
  }
  return job;
}

/** Whether a job takes applications on the board at `now`. */
export const takesApplications = (
  job: Pick<JobForApplying, "status" | "applyMethod" | "expiresAt" | "applicationsCloseAt">,
  now: Date,
) =>
  job.applyMethod === "board" &&
  job.status === "open" &&
  job.expiresAt > now &&
  (job.applicationsCloseAt === null || job.applicationsCloseAt > now);

/**
 * Where an application of `user` is sent from, and its mail to: their account's verified
 * address, never one typed in, so the board mails nobody who did not sign in as themselves
 * (issue 40). A body that names another address is a 422 on `email`; an account without a
 * verified address cannot apply (403).
 */
function applicantAddress(user: User, given: string | undefined): string {
  const address = verifiedEmail(user);
  if (!address) {
    throw forbidden(
      "Your account's e-mail address is not verified, so we cannot send applications from it: sign in with an account whose address is verified",
    );
  }
  if (given !== undefined && given.toLowerCase() !== address.toLowerCase()) {
    throw new InvalidInput({
      email: [`Applications are sent from the address you signed in with, ${address}`],
    });
  }
  return address;
}

export const NOT_YOUR_INVITATION = "This invitation is not yours for this job";

/**
 * The invitation to apply (issue 47) an application of `userId` to `jobId` answers: the one
 * `given` names when it is theirs for this very job (null when not: never another candidate's,
 * nor one for another job); when none is given, theirs for this job if they have one, so that
 * applying straight from the job's page still marks the application invited. Undefined: none.
 */
async function ownInvitationFor(
  db: Database,
  userId: number,
  jobId: number,
  given: number | undefined,
): Promise<{ id: number } | null | undefined> {
  const [found] = await db
    .select({ id: jobInvitations.id })
    .from(jobInvitations)
    .where(
      and(
        eq(jobInvitations.candidateId, userId),
        eq(jobInvitations.jobId, jobId),
        given === undefined ? undefined : eq(jobInvitations.id, given),
      ),
    );
  if (given !== undefined) return found ?? null;
  return found;
}

/**
 * `user` applies to `jobId` with `body` and the CV on their profile (`copyCv` stores a copy of
 * it and answers the copy's key). 404 for a job that is not on the board, 410 for one that does
 * not take applications (now), 422 for a missing CV or answer or an invitation not theirs for
 * this job, 409 for a second application. The invitation it answers, if any, is marked accepted
 * with it. Answers the application and the mail it sends, for the caller to queue with it: the
 * candidate's receipt, and the employer's news of it when they hear of each applicant at once
 * (else the day's digest tells them: employer-mail.ts).
 */
export async function applyToJobOnBoard(
  db: Database,
  user: User,
  jobId: number,
  body: ApplicationBody,
  copyCv: (key: string) => Promise<string>,
  now: Date = new Date(),
): Promise<{ application: OwnJobApplication; mail: MailMessage[] }> {
  const job = await jobForApplying(db, jobId);
  if (!takesApplications(job, now)) {
    throw gone("This job no longer takes applications on the board");
  }
  const email = applicantAddress(user, body.email);
  // Every mistake at once: the questions' and the CV's.
  const { errors, kept: answers } = checkAnswers(job.screeningQuestions, body.answers);
  const [cv] = await db.select().from(candidateCvs).where(eq(candidateCvs.userId, user.id));
  if (!cv) errors.cv = [NO_CV_MESSAGE];
  const invitation = await ownInvitationFor(db, user.id, jobId, body.invitation_id);
  if (invitation === null) errors.invitation_id = [NOT_YOUR_INVITATION];
  if (!cv || Object.keys(errors).length > 0) throw new InvalidInput(errors);
  const [before] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.userId, user.id)));
  if (before) throw conflict("You have applied to this job already");

  const told = await instantRecipients(db, jobId);
  const cvKey = await copyCv(cv.cvKey);
  const [row] = await db
    .insert(jobApplications)
    .values({
      jobId,
      userId: user.id,
      fullName: body.full_name,
      email,
      headline: body.headline,
      links: body.links,
      coverNote: body.cover_note,
      answers,
      cvKey,
      cvName: cv.cvName,
      cvBytes: cv.cvBytes,
      stageChangedAt: now,
      createdAt: now,
      // A listing set to tell at once has told its author (when they chose so) with the mail
      // queued with it; else it is left for the listing's digest.
      employerNotifiedAt: job.applicantMail === "instant" ? now : null,
      invitationId: invitation?.id ?? null,
      // An internationalised host as typed (the browser remembered it in punycode).
      source: body.source === undefined ? null : domainToUnicode(body.source) || body.source,
    })
    // Two at once: the second finds the first's row.
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict("You have applied to this job already");
  if (invitation) {
    await db
      .update(jobInvitations)
      .set({
        status: "accepted",
        answeredAt: sql`case when ${jobInvitations.status} = 'accepted'
          then ${jobInvitations.answeredAt} else ${now}::timestamptz end`,
      })
      .where(eq(jobInvitations.id, invitation.id));
  }

  const mail: MailMessage[] = [
    {
      template: "application-received",
      to: email,
      props: { jobId, slug: job.slug, title: job.title, companyName: job.companyName },
    },
    ...told.map((employer) =>
      newApplicantMail(employer, { fullName: body.full_name, headline: row.headline }),
    ),
  ];
  return { application: ownAnswer(row, job, []), mail };
}

const ownAnswer = (
  row: JobApplicationRow,
  job: ListingRef,
  messages: OwnJobApplication["messages"],
): OwnJobApplication => ({
  id: row.id,
  job: { id: job.id, slug: job.slug, title: job.title, company_name: job.companyName },
  stage: row.stage,
  stage_changed_at: row.stageChangedAt.toISOString(),
  stage_message: row.stageMessage,
  closed_reason: row.closedReason,
  withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  messages,
});

/** The applications `userId` made on the board (only `applicationId`, if given), newest first. */
async function ownApplications(db: Database, userId: number, applicationId?: number) {
  const rows = await selectApplicationsWithListing(db)
    .where(
      and(
        eq(jobApplications.userId, userId),
        applicationId === undefined ? undefined : eq(jobApplications.id, applicationId),
      ),
    )
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(500);
  const threads = await threadsOf(
    db,
    rows.map(({ row }) => row.id),
    { side: "candidate" },
  );
  return rows.map(({ row, job }) => ownAnswer(row, job, threads.get(row.id) ?? []));
}

/** The applications `userId` made on the board, newest first. */
export const listOwnJobApplications = (db: Database, userId: number) => ownApplications(db, userId);

/**
 * The candidate withdraws their open application; 404 for anyone else's, 409 once decided. What
 * they sent (CV, answers, cover note, links) is no longer the employer's to read: cleared with
 * the withdrawal, in one transaction. Answers the application and the CV file it let go of, for
 * the caller to delete once committed.
 */
export async function withdrawJobApplication(
  db: Database,
  userId: number,
  applicationId: number,
  now: Date = new Date(),
): Promise<{ application: OwnJobApplication; releasedCv: string | null }> {
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ cvKey: jobApplications.cvKey })
      .from(jobApplications)
      .where(and(eq(jobApplications.id, applicationId), eq(jobApplications.userId, userId)))
      .for("update");
    if (!mine) throw notFound("You have no application with this id");
    const [row] = await tx
      .update(jobApplications)
      .set({ withdrawnAt: now, ...SENT_CONTENT })
      .where(and(eq(jobApplications.id, applicationId), isOpenApplication))
      .returning({ id: jobApplications.id });
    if (!row) throw conflict("Only an application still waiting for an answer can be withdrawn");
    const [application] = await ownApplications(tx, userId, applicationId);
    return { application: application!, releasedCv: mine.cvKey };
  });
}
