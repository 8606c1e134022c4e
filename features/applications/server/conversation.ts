import { and, asc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MessageSide, MessageVia } from "@/features/applications/constants";
import type { ApplicationMessage } from "@/features/applications/schemas";
import type { Database } from "@/lib/server/db/client";
import {
  applicationMessages,
  companies,
  jobApplications,
  jobs,
  type JobApplicationRow,
  users,
  type User,
} from "@/lib/server/db/schema";
import { conflict, notFound } from "@/lib/server/errors";
import type { MailMessage } from "@/lib/server/mail/messages";
import type { Employer } from "@/lib/server/auth/employer";
import { applicantRow, selectApplicationsWithListing, type ListingRef } from "./access";
import { listingEmployer } from "./employer-mail";
import { replyAddress } from "./reply-address";

/*
 * The conversation on an application (issue 42): the listing's employer and the candidate write
 * to each other on the application itself, and each message is mailed to the other side with a
 * link to the thread and a Reply-To that brings an answer back to it (reply-inbox.ts). The mail
 * comes from the board: neither side sees the other's address through it.
 */

/** Who wrote a message: the account, kept as `author_id` (issue 61's migration backfilled it). */
const writers = alias(users, "writers");

const messageColumns = {
  id: applicationMessages.id,
  applicationId: applicationMessages.applicationId,
  side: applicationMessages.side,
  authorId: applicationMessages.authorId,
  body: applicationMessages.body,
  stage: applicationMessages.stage,
  via: applicationMessages.via,
  createdAt: applicationMessages.createdAt,
  companyName: companies.name,
  candidateName: jobApplications.fullName,
  writerName: writers.fullName,
  writerEmail: writers.email,
};

type MessageRow = {
  id: number;
  side: MessageSide;
  authorId: number | null;
  body: string;
  stage: ApplicationMessage["stage"];
  via: MessageVia;
  createdAt: Date;
  companyName: string;
  candidateName: string | null;
  writerName: string | null;
  writerEmail: string | null;
};

/**
 * Who reads a thread (issue 61): the candidate, or a member of the listing's company (or a
 * moderator), by their account. In a team, "You" is only the reader's own messages.
 */
export type ThreadReader = { side: "candidate" } | { side: "employer"; userId: number };

/**
 * The person who wrote an employer's message, as `reader` may see them: teammates by name (or
 * address, as the team page shows them); the candidate by name only, never an address.
 */
function writerOf(row: MessageRow, reader: ThreadReader): string | null {
  if (row.side !== "employer" || row.authorId === null) return null;
  if (reader.side === "employer") return row.writerName ?? row.writerEmail;
  return row.writerName;
}

const messageAnswer = (row: MessageRow, reader: ThreadReader): ApplicationMessage => ({
  id: row.id,
  from: row.side,
  author: row.side === "employer" ? row.companyName : row.candidateName,
  writer: writerOf(row, reader),
  mine:
    reader.side === "candidate"
      ? row.side === "candidate"
      : row.side === "employer" && row.authorId === reader.userId,
  body: row.body,
  stage: row.stage,
  via: row.via,
  created_at: row.createdAt.toISOString(),
});

/** The conversations of `applicationIds`, each oldest first, as `reader` sees them. */
export async function threadsOf(
  db: Database,
  applicationIds: readonly number[],
  reader: ThreadReader,
): Promise<Map<number, ApplicationMessage[]>> {
  const threads = new Map<number, ApplicationMessage[]>(applicationIds.map((id) => [id, []]));
  if (applicationIds.length === 0) return threads;
  const rows = await db
    .select(messageColumns)
    .from(applicationMessages)
    .innerJoin(jobApplications, eq(jobApplications.id, applicationMessages.applicationId))
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(writers, eq(writers.id, applicationMessages.authorId))
    .where(inArray(applicationMessages.applicationId, [...applicationIds]))
    .orderBy(asc(applicationMessages.createdAt), asc(applicationMessages.id));
  for (const row of rows) threads.get(row.applicationId)?.push(messageAnswer(row, reader));
  return threads;
}

/** 409 when the application takes no more messages: withdrawn, or deleted after retention. */
export function assertOpenForMessages(row: Pick<JobApplicationRow, "withdrawnAt" | "purgedAt">) {
  if (row.withdrawnAt) {
    throw conflict("The candidate withdrew this application: its conversation is closed");
  }
  if (row.purgedAt) {
    throw conflict("This application was deleted after its retention period: its conversation too");
  }
}

/** What a new message is: its thread, side, author, words, and how it came. */
type NewMessage = {
  row: JobApplicationRow;
  job: ListingRef;
  side: MessageSide;
  authorId: number | null;
  body: string;
  via: MessageVia;
  now: Date;
};

/** The mail telling the candidate of the employer's message `body`, with the way to answer. */
async function mailToCandidate(
  db: Database,
  row: JobApplicationRow,
  job: ListingRef,
  body: string,
  writerName: string | null,
): Promise<MailMessage[]> {
  if (!row.email) return [];
  return [
    {
      template: "application-message",
      to: row.email,
      props: {
        applicationId: row.id,
        jobId: job.id,
        slug: job.slug,
        title: job.title,
        companyName: job.companyName,
        writerName,
        body,
        replyTo: await replyAddress(db, row.id, "candidate"),
      },
    },
  ];
}

/** The mail telling the listing's employer of the candidate's message `body`. */
async function mailToEmployer(
  db: Database,
  row: JobApplicationRow,
  body: string,
): Promise<MailMessage[]> {
  const employer = await listingEmployer(db, row.jobId);
  if (!employer) return [];
  return [
    {
      template: "applicant-message",
      to: employer.to,
      props: {
        applicationId: row.id,
        jobId: row.jobId,
        title: employer.title,
        companyName: employer.companyName,
        candidateName: row.fullName ?? "The candidate",
        body,
        replyTo: await replyAddress(db, row.id, "employer"),
      },
    },
  ];
}

/**
 * Stores a message on its application's thread and answers it with the mail telling the other
 * side, for the caller to queue in the same transaction.
 */
export async function postMessage(
  db: Database,
  { row, job, side, authorId, body, via, now }: NewMessage,
): Promise<{ message: ApplicationMessage; mail: MailMessage[] }> {
  assertOpenForMessages(row);
  const [stored] = await db
    .insert(applicationMessages)
    .values({ applicationId: row.id, side, authorId, body, via, createdAt: now })
    .returning();
  const [writer] =
    authorId === null
      ? []
      : await db
          .select({ name: users.fullName, email: users.email })
          .from(users)
          .where(eq(users.id, authorId));
  const answerRow = {
    ...stored!,
    companyName: job.companyName,
    candidateName: row.fullName,
    writerName: writer?.name ?? null,
    writerEmail: writer?.email ?? null,
  };
  // Answered to its writer: "You" on either side.
  const message = messageAnswer(
    answerRow,
    side === "candidate" ? { side } : { side, userId: authorId ?? 0 },
  );
  const mail =
    side === "employer"
      ? await mailToCandidate(db, row, job, body, writerOf(answerRow, { side: "candidate" }))
      : await mailToEmployer(db, row, body);
  return { message, mail };
}

/**
 * The application `applicationId` with its listing (only if it is `userId`'s, when given); 404
 * otherwise.
 */
export async function applicationWithListing(db: Database, applicationId: number, userId?: number) {
  const [found] = await selectApplicationsWithListing(db).where(
    and(
      eq(jobApplications.id, applicationId),
      userId === undefined ? undefined : eq(jobApplications.userId, userId),
    ),
  );
  if (!found) throw notFound("You have no application with this id");
  return found;
}

/** The candidate `user` writes to the employer of their application `applicationId`. */
export async function writeToEmployer(
  db: Database,
  user: User,
  applicationId: number,
  body: string,
  now: Date = new Date(),
) {
  const { row, job } = await applicationWithListing(db, applicationId, user.id);
  return postMessage(db, {
    row,
    job,
    side: "candidate",
    authorId: user.id,
    body,
    via: "board",
    now,
  });
}

/** The listing's employer (or a moderator), `user`, writes to its applicant `applicationId`. */
export async function writeToCandidate(
  db: Database,
  { user, member }: Employer,
  jobId: number,
  applicationId: number,
  body: string,
  now: Date = new Date(),
) {
  const { row, job } = await applicantRow(db, member, jobId, applicationId);
  return postMessage(db, {
    row,
    job,
    side: "employer",
    authorId: user.id,
    body,
    via: "board",
    now,
  });
}
