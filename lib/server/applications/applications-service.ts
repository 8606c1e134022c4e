import { and, asc, count, desc, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import {
  APPLICATION_STAGES,
  NOTIFIED_STAGES,
  OPEN_STAGES,
  type ApplicationStage,
  type CloseReason,
  NO_CV_MESSAGE,
} from "@/lib/applications/constants";
import { checkAnswers } from "@/lib/applications/answers";
import type {
  ApplicantDetail,
  ApplicantSummary,
  ApplicationBody,
  OwnJobApplication,
} from "@/lib/applications/schemas";
import type { Database } from "../db/client";
import {
  applicationMessages,
  applicationNotes,
  candidateCvs,
  companies,
  jobApplications,
  jobs,
  users,
  type JobApplicationRow,
  type User,
} from "../db/schema";
import { conflict, forbidden, gone, InvalidInput, notFound } from "../errors";
import { verifiedEmail } from "../users/moderators";
import type { MailMessage } from "../mail/messages";
import {
  applicantRow,
  listingForEmployer,
  listingWith,
  listingRefColumns,
  type ListingRef,
} from "./access";
import { threadsOf } from "./conversation";
import { listingEmployer, newApplicantMail } from "./employer-mail";
import { replyAddress } from "./reply-address";

/*
 * Applications made on the board (issue 27). A candidate applies once per job, with the CV on
 * their profile (copied, so replacing it later does not change what the employer got); the
 * listing's employer (or a moderator) moves it through its stages; the candidate hears of the
 * stages that matter; and no application is left open when its listing leaves the board.
 */

const OPEN = sql.raw(OPEN_STAGES.map((stage) => `'${stage}'`).join(", "));

/** An application still waiting for an answer: an open stage, not withdrawn, not closed out. */
export const isOpenApplication = and(
  sql`${jobApplications.stage} in (${OPEN})`,
  isNull(jobApplications.withdrawnAt),
  isNull(jobApplications.closedAt),
)!;

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

/**
 * `user` applies to `jobId` with `body` and the CV on their profile (`copyCv` stores a copy of
 * it and answers the copy's key). 404 for a job that is not on the board, 410 for one that does
 * not take applications (now), 422 for a missing CV or answer, 409 for a second application.
 * Answers the application and the mail it sends, for the caller to queue with it: the
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
  if (!cv || Object.keys(errors).length > 0) throw new InvalidInput(errors);
  const [before] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(and(eq(jobApplications.jobId, jobId), eq(jobApplications.userId, user.id)));
  if (before) throw conflict("You have applied to this job already");

  const employer = job.applicantMail === "instant" ? await listingEmployer(db, jobId) : undefined;
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
      // Told at once, by the mail queued with it; else left for the digest.
      employerNotifiedAt: employer ? now : null,
    })
    // Two at once: the second finds the first's row.
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict("You have applied to this job already");

  const mail: MailMessage[] = [
    {
      template: "application-received",
      to: email,
      props: { jobId, slug: job.slug, title: job.title, companyName: job.companyName },
    },
    ...(employer
      ? [newApplicantMail(employer, { fullName: body.full_name, headline: row.headline })]
      : []),
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

const ownColumns = { row: jobApplications, job: listingRefColumns };

/** The applications `userId` made on the board (only `applicationId`, if given), newest first. */
async function ownApplications(db: Database, userId: number, applicationId?: number) {
  const rows = await db
    .select(ownColumns)
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
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
  );
  return rows.map(({ row, job }) => ownAnswer(row, job, threads.get(row.id) ?? []));
}

/** The applications `userId` made on the board, newest first. */
export const listOwnJobApplications = (db: Database, userId: number) => ownApplications(db, userId);

/** What an application carried for its employer to read: cleared when it no longer may. */
export const SENT_CONTENT = {
  cvKey: null,
  cvName: null,
  cvBytes: null,
  answers: [],
  coverNote: null,
  links: [],
};

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
  user: User,
  jobId: number,
  stage?: ApplicationStage,
) {
  const listing = await listingForEmployer(db, user, jobId);
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
  user: User,
  jobId: number,
  applicationId: number,
): Promise<ApplicantDetail> {
  const { row } = await applicantRow(db, user, jobId, applicationId);
  const [[questions], notes, threads] = await Promise.all([
    db.select({ list: jobs.screeningQuestions }).from(jobs).where(eq(jobs.id, jobId)),
    db
      .select({
        id: applicationNotes.id,
        body: applicationNotes.body,
        author: users.fullName,
        authorEmail: users.email,
        createdAt: applicationNotes.createdAt,
      })
      .from(applicationNotes)
      .leftJoin(users, eq(users.id, applicationNotes.authorId))
      .where(eq(applicationNotes.applicationId, applicationId))
      .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id)),
    threadsOf(db, [applicationId]),
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
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      author: note.author ?? note.authorEmail,
      created_at: note.createdAt.toISOString(),
    })),
    messages: threads.get(applicationId) ?? [],
  };
}

/** The key of an applicant's CV in the CV store, for the listing's employer; 404 otherwise. */
export async function applicantCv(db: Database, user: User, jobId: number, applicationId: number) {
  const { row } = await applicantRow(db, user, jobId, applicationId);
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
  user: User,
  jobId: number,
  applicationIds: readonly number[],
  stage: ApplicationStage,
  message: string | null | undefined,
  now: Date = new Date(),
): Promise<{ applicants: ApplicantSummary[]; mail: MailMessage[] }> {
  const job = await listingForEmployer(db, user, jobId);
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
    .set({ stage, stageChangedAt: now, stageMessage: message ?? null })
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
  const mail: MailMessage[] = [];
  for (const row of moved) mail.push(...(await stageMail(db, row, job)));
  return { applicants: moved.map(summaryOf), mail };
}

/** Adds the employer's private note to an applicant; 404 for anyone else's. */
export async function addApplicantNote(
  db: Database,
  user: User,
  jobId: number,
  applicationId: number,
  body: string,
  now: Date = new Date(),
) {
  const { row } = await applicantRow(db, user, jobId, applicationId);
  if (row.purgedAt) throw conflict(PURGED);
  const [note] = await db
    .insert(applicationNotes)
    .values({ applicationId, authorId: user.id, body, createdAt: now })
    .returning();
  return {
    id: note!.id,
    body: note!.body,
    author: user.fullName ?? user.email,
    created_at: note!.createdAt.toISOString(),
  };
}

const PURGED = "This application was deleted after its retention period: only its outcome is kept";

/** Why a listing left the board, from its status (or its end passing). */
const closeReasonOf = (status: string): CloseReason =>
  status === "filled" || status === "withdrawn" || status === "removed" ? status : "expired";

/**
 * Closes every application still open whose listing left the board (filled, withdrawn, taken
 * down, or past its end), each with a courteous mail to its candidate: no application is left
 * without an answer. Answers the mail for the caller to queue in `tx`.
 */
export async function closeOutApplications(tx: Database, now: Date): Promise<MailMessage[]> {
  const ended = await tx
    .select({
      id: jobApplications.id,
      status: jobs.status,
      email: jobApplications.email,
      jobId: jobs.id,
      slug: jobs.slug,
      title: jobs.title,
      companyName: companies.name,
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(isOpenApplication, or(ne(jobs.status, "open"), lte(jobs.expiresAt, now))))
    .limit(1_000);
  // One update per reason (at most four), each claiming only what is still open, so a run
  // beside another (or a withdrawal meanwhile) mails no one twice.
  const byReason = new Map<CloseReason, typeof ended>();
  for (const row of ended) {
    const reason = closeReasonOf(row.status);
    byReason.set(reason, [...(byReason.get(reason) ?? []), row]);
  }
  const mail: MailMessage[] = [];
  for (const [reason, rows] of byReason) {
    const closed = await tx
      .update(jobApplications)
      .set({ closedReason: reason, closedAt: now, stageChangedAt: now })
      .where(
        and(
          inArray(
            jobApplications.id,
            rows.map((row) => row.id),
          ),
          isOpenApplication,
        ),
      )
      .returning({ id: jobApplications.id });
    const closedIds = new Set(closed.map((row) => row.id));
    for (const row of rows.filter((row) => closedIds.has(row.id))) {
      if (!row.email) continue;
      mail.push({
        template: "application-closed",
        to: row.email,
        props: {
          jobId: row.jobId,
          slug: row.slug,
          title: row.title,
          companyName: row.companyName,
          reason,
        },
      });
    }
  }
  return mail;
}
