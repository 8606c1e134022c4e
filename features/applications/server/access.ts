import { and, eq, isNull, sql } from "drizzle-orm";
import { OPEN_STAGES } from "@/features/applications/constants";
import type { PgColumn } from "drizzle-orm/pg-core";
import { NO_LISTING, type Member } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { companies, jobApplications, jobs } from "@/lib/server/db/schema";
import { notFound } from "@/lib/server/errors";

/*
 * A listing's applicants as its company's members reach them (moderators read them as a viewer
 * would: auth/employer.ts); any other listing is a 404, as if it did not exist; and what every side of an application means by an open one and by what
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
 * The listing `jobId` of the caller's company, whose applicants they may see; 404 for any other,
 * as if it did not exist.
 */
export async function listingForEmployer(
  db: Database,
  member: Member,
  jobId: number,
): Promise<ListingRef> {
  const found = await listingWith(db, jobId, { companyId: jobs.companyId });
  // The employer guard let the caller this far (auth/employer.ts); the listing is still read
  // within their company only.
  if (!found || found.companyId !== member.companyId) throw notFound(NO_LISTING);
  const { companyId: _company, ...job } = found;
  return job;
}

/** One applicant's row of a listing the caller may see; 404 otherwise. */
export async function applicantRow(
  db: Database,
  member: Member,
  jobId: number,
  applicationId: number,
) {
  const job = await listingForEmployer(db, member, jobId);
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
