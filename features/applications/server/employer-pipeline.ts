import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import {
  APPLICATION_STAGES,
  INTERVIEWED_STAGES,
  NOTIFIED_STAGES,
  type ApplicationStage,
} from "@/features/applications/constants";
import type { ApplicantDetail, ApplicantSummary } from "@/features/applications/schemas";
import type { Database } from "@/lib/server/db/client";
import {
  applicationMessages,
  applicationNotes,
  jobApplications,
  jobs,
  users,
  type JobApplicationRow,
} from "@/lib/server/db/schema";
import { conflict, notFound } from "@/lib/server/errors";
import type { MailMessage } from "@/lib/server/mail/messages";
import { employerActor, recordAudit } from "@/lib/server/audit/audit";
import type { Employer } from "@/lib/server/auth/employer";
import { memberName } from "@/lib/server/users/users";
import { applicantRow, listingForEmployer, type ListingRef } from "./access";
import { threadsOf } from "./conversation";
import { replyAddress } from "./reply-address";

/*
 * The employer's side of applications (issue 27): a listing's employer (or a moderator) reads
 * its applicants and their CVs, moves them through the stages (the candidate hears of the
 * stages that matter), and keeps private notes. access.ts says who may.
 */

const summaryOf = (row: JobApplicationRow): ApplicantSummary => ({
  id: row.id,
  full_name: row.fullName,
  email: row.email,
  headline: row.headline,
  stage: row.stage,
  stage_changed_at: row.stageChangedAt.toISOString(),
  created_at: row.createdAt.toISOString(),
  withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
  closed_reason: row.closedReason,
  purged_at: row.purgedAt?.toISOString() ?? null,
  has_cv: sharedContent(row) && row.cvKey !== null,
  invited: row.invitationId !== null,
});

/**
 * Whether what the candidate sent is still the employer's to read: not once they withdrew, nor
 * once purged (both clear it; this also covers rows withdrawn before that was so).
 */
const sharedContent = (row: Pick<JobApplicationRow, "withdrawnAt" | "purgedAt">) =>
  row.withdrawnAt === null && row.purgedAt === null;

/** A listing's applicants (in `stage`, if given), oldest first, and how many in each stage. */
export async function listApplicants(
  db: Database,
  { member }: Employer,
  jobId: number,
  stage?: ApplicationStage,
) {
  const listing = await listingForEmployer(db, member, jobId);
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(jobApplications)
      .where(
        and(eq(jobApplications.jobId, jobId), stage ? eq(jobApplications.stage, stage) : undefined),
      )
      .orderBy(asc(jobApplications.createdAt), asc(jobApplications.id))
      .limit(1_000),
    db
      .select({ stage: jobApplications.stage, n: count() })
      .from(jobApplications)
      .where(eq(jobApplications.jobId, jobId))
      .groupBy(jobApplications.stage),
  ]);
  const counts = Object.fromEntries(
    APPLICATION_STAGES.map((name) => [name, counted.find((entry) => entry.stage === name)?.n ?? 0]),
  ) as Record<ApplicationStage, number>;
  return {
    listing: { id: listing.id, title: listing.title, company_name: listing.companyName },
    applicants: rows.map(summaryOf),
    counts,
  };
}

/** One applicant of a listing, whole: 404 for another listing's or another employer's. */
export async function getApplicant(
  db: Database,
  { member }: Employer,
  jobId: number,
  applicationId: number,
): Promise<ApplicantDetail> {
  const { row } = await applicantRow(db, member, jobId, applicationId);
  const [[questions], notes, threads, [mover]] = await Promise.all([
    db.select({ list: jobs.screeningQuestions }).from(jobs).where(eq(jobs.id, jobId)),
    db
      .select({
        id: applicationNotes.id,
        body: applicationNotes.body,
        author: memberName,
        createdAt: applicationNotes.createdAt,
      })
      .from(applicationNotes)
      .leftJoin(users, eq(users.id, applicationNotes.authorId))
      .where(eq(applicationNotes.applicationId, applicationId))
      .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id)),
    threadsOf(db, [applicationId], { side: "employer", userId: member.userId }),
    // Who made the last stage change: kept when they leave the company (issue 44).
    row.stageChangedBy === null
      ? []
      : db.select({ name: memberName }).from(users).where(eq(users.id, row.stageChangedBy)),
  ]);
  const prompts = new Map((questions?.list ?? []).map((question) => [question.id, question]));
  const shared = sharedContent(row);
  return {
    ...summaryOf(row),
    links: shared ? row.links : [],
    cover_note: shared ? row.coverNote : null,
    answers: (shared ? row.answers : []).map((answer) => ({
      question_id: answer.question_id,
      prompt: prompts.get(answer.question_id)?.prompt ?? "A question since removed",
      answer: answer.answer,
    })),
    cv_name: shared ? row.cvName : null,
    stage_message: row.stageMessage,
    stage_changed_by: mover?.name ?? null,
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      author: note.author,
      created_at: note.createdAt.toISOString(),
    })),
    messages: threads.get(applicationId) ?? [],
  };
}

/** The key of an applicant's CV in the CV store, for the listing's employer; 404 otherwise. */
export async function applicantCv(
  db: Database,
  { member }: Employer,
  jobId: number,
  applicationId: number,
) {
  const { row } = await applicantRow(db, member, jobId, applicationId);
  if (row.withdrawnAt)
    throw notFound("The candidate withdrew this application: its CV was deleted");
  if (!row.cvKey || row.purgedAt) throw notFound("This application's CV was deleted");
  return { key: row.cvKey, name: row.cvName ?? "cv.pdf" };
}

/**
 * The mail telling a candidate their application reached `stage`, when it is one they hear of,
 * with the employer's message and the way to answer it. A message with a stage they do not hear
 * of is mailed as a message of the conversation.
 */
async function stageMail(
  db: Database,
  row: JobApplicationRow,
  job: ListingRef,
): Promise<MailMessage[]> {
  if (!row.email) return [];
  const notified = NOTIFIED_STAGES.includes(row.stage);
  if (!notified && !row.stageMessage) return [];
  const replyTo = await replyAddress(db, row.id, "candidate");
  const listing = { jobId: job.id, slug: job.slug, title: job.title, companyName: job.companyName };
  if (!notified) {
    return [
      {
        template: "application-message",
        to: row.email,
        props: { ...listing, applicationId: row.id, body: row.stageMessage!, replyTo },
      },
    ];
  }
  return [
    {
      template: "application-stage",
      to: row.email,
      props: {
        ...listing,
        applicationId: row.id,
        stage: row.stage as "interview" | "offer" | "not_selected",
        message: row.stageMessage,
        replyTo,
      },
    },
  ];
}

/**
 * Moves applicants of a listing to `stage`, with `message` for them. 404 when an id is not this
 * listing's; 409 for a withdrawn one. Answers those that moved and the mail for the caller to
 * queue in its transaction.
 */
export async function moveApplicants(
  db: Database,
  { user, member }: Employer,
  jobId: number,
  applicationIds: readonly number[],
  stage: ApplicationStage,
  message: string | null | undefined,
  now: Date = new Date(),
): Promise<{ applicants: ApplicantSummary[]; mail: MailMessage[] }> {
  const job = await listingForEmployer(db, member, jobId);
  const ids = [...new Set(applicationIds)];
  const found = await db
    .select({
      id: jobApplications.id,
      withdrawnAt: jobApplications.withdrawnAt,
      purgedAt: jobApplications.purgedAt,
    })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, jobId), inArray(jobApplications.id, ids)));
  if (found.length !== ids.length) throw notFound("This listing has no applicant with this id");
  if (found.some((row) => row.withdrawnAt !== null)) {
    throw conflict("A withdrawn application cannot be moved");
  }
  if (found.some((row) => row.purgedAt !== null)) throw conflict(PURGED);
  const moved = await db
    .update(jobApplications)
    .set({
      stage,
      stageChangedAt: now,
      stageChangedBy: user.id,
      stageMessage: message ?? null,
      // The funnels count who ever reached an interview and a hire, also after a later move.
      ...(INTERVIEWED_STAGES.has(stage)
        ? { interviewedAt: sql`coalesce(${jobApplications.interviewedAt}, ${now})` }
        : {}),
      ...(stage === "hired" ? { hiredAt: sql`coalesce(${jobApplications.hiredAt}, ${now})` } : {}),
    })
    .where(and(inArray(jobApplications.id, ids), ne(jobApplications.stage, stage)))
    .returning();
  // The message joins the conversation, naming the stage it came with.
  const said = moved.filter((row) => row.stageMessage);
  if (said.length > 0) {
    await db.insert(applicationMessages).values(
      said.map((row) => ({
        applicationId: row.id,
        side: "employer" as const,
        authorId: user.id,
        body: row.stageMessage!,
        stage: row.stage,
        createdAt: now,
      })),
    );
  }
  // The company's activity page lists each move, by whom (issue 44); names are read when shown.
  for (const row of moved) {
    await recordAudit(db, employerActor(user), {
      action: "application.stage",
      subjectType: "application",
      subjectId: row.id,
      companyId: member.companyId,
      detail: { job_id: jobId, stage },
    });
  }
  const mail: MailMessage[] = [];
  for (const row of moved) mail.push(...(await stageMail(db, row, job)));
  return { applicants: moved.map(summaryOf), mail };
}

/** Adds the employer's private note to an applicant; 404 for anyone else's. */
export async function addApplicantNote(
  db: Database,
  { user, member }: Employer,
  jobId: number,
  applicationId: number,
  body: string,
  now: Date = new Date(),
) {
  const note = await db.transaction(async (tx) => {
    const { row } = await applicantRow(tx, member, jobId, applicationId);
    if (row.purgedAt) throw conflict(PURGED);
    const [added] = await tx
      .insert(applicationNotes)
      .values({ applicationId, authorId: user.id, body, createdAt: now })
      .returning();
    return added;
  });
  return {
    id: note!.id,
    body: note!.body,
    author: user.fullName ?? user.email,
    created_at: note!.createdAt.toISOString(),
  };
}

const PURGED = "This application was deleted after its retention period: only its outcome is kept";
