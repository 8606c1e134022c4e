import { and, eq, isNull, sql } from "drizzle-orm";
import { OPEN_STAGES } from "@/lib/applications/constants";
import type { PgColumn } from "drizzle-orm/pg-core";
import { isModerator } from "../users/moderators";
import type { Database } from "../db/client";
import { companies, jobApplications, jobs, type User } from "../db/schema";
import { notFound } from "../errors";

/*
 * Who may reach a listing's applicants: its employer and moderators; anyone else gets a 404, as
 * if it did not exist; and what every side of an application means by an open one and by what
 * the candidate sent. Shared by the candidate's side (candidate-applications.ts), the employer's
 * pipeline (employer-pipeline.ts), the close-out (close-out.ts), retention and the conversation.
 */

export type ListingRef = { id: number; slug: string; title: string; companyName: string };

/** A listing's columns that name it in answers and mail. */
export const listingRefColumns = {
  id: jobs.id,
  slug: jobs.slug,
  title: jobs.title,
  companyName: companies.name,
};

/** The listing `jobId` with `columns`, read with its company; undefined when there is none. */
export async function listingWith<C extends Record<string, PgColumn>>(
  db: Database,
  jobId: number,
  columns: C,
) {
  const [job] = await db
    .select({ ...listingRefColumns, ...columns })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(eq(jobs.id, jobId));
  return job;
}

/**
 * The listing `jobId` as its employer (or a moderator) may see its applicants; 404 for anyone
 * else, as if it did not exist.
 */
export async function listingForEmployer(
  db: Database,
  user: User,
  jobId: number,
): Promise<ListingRef> {
  const job = await listingWith(db, jobId, { submittedBy: jobs.submittedBy });
  if (!job || (job.submittedBy !== user.id && !isModerator(user))) {
    throw notFound("You have no listing with this id");
  }
  return job;
}

/** One applicant's row of a listing the caller may see; 404 otherwise. */
export async function applicantRow(db: Database, user: User, jobId: number, applicationId: number) {
  const job = await listingForEmployer(db, user, jobId);
  const [row] = await db
    .select()
    .from(jobApplications)
    .where(and(eq(jobApplications.id, applicationId), eq(jobApplications.jobId, jobId)));
  if (!row) throw notFound("This listing has no applicant with this id");
  return { job, row };
}

const OPEN = sql.raw(OPEN_STAGES.map((stage) => `'${stage}'`).join(", "));

/** An application still waiting for an answer: an open stage, not withdrawn, not closed out. */
export const isOpenApplication = and(
  sql`${jobApplications.stage} in (${OPEN})`,
  isNull(jobApplications.withdrawnAt),
  isNull(jobApplications.closedAt),
)!;

/** What an application carried for its employer to read: cleared when it no longer may. */
export const SENT_CONTENT = {
  cvKey: null,
  cvName: null,
  cvBytes: null,
  answers: [],
  coverNote: null,
  links: [],
};

/** Applications, each with its listing's names (listingRefColumns), for a `where` to narrow. */
export const selectApplicationsWithListing = (db: Database) =>
  db
    .select({ row: jobApplications, job: listingRefColumns })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId));
