import { and, desc, eq, inArray, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type {
  Application,
  HiddenJob,
  JobMarks,
  ListedJob,
  SavedJob,
} from "@/features/account/types";
import type { ApplicationStatus } from "@/features/account/constants";
import type { Database } from "@/lib/server/db/client";
import { databaseErrorCode } from "@/lib/server/db/errors";
import {
  applications,
  companies,
  favorites,
  jobApplications,
  jobs,
  rejections,
} from "@/lib/server/db/schema";
import { conflict, InvalidInput } from "@/lib/server/errors";
import { isListed, summaryColumns, toSummary, type SummaryRow } from "@/features/jobs/server/jobs";
import {
  candidateVisitor,
  countingDay,
  countOnce,
  type StatColumn,
} from "@/lib/server/stats/visitor-counts";

/*
 * A candidate's marks on jobs: saved (favorites), applied (applications) and not interested
 * (rejections). Every function takes the caller's user id and touches only that user's rows.
 */

/** A job id that names no job a candidate can see: a field error on job_id. */
const unknownJob = () => new InvalidInput({ job_id: ["No job has this id"] });

/** Runs a change that names a job: the database's refusal of an unknown job is a field error. */
export async function refusingUnknownJob<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    // PostgreSQL's foreign_key_violation: the job is not there (any more).
    throw databaseErrorCode(error) === "23503" ? unknownJob() : error;
  }
}

/** Runs a change that names a visible job; it may disappear between the check and the write. */
async function onVisibleJob<T>(db: Database, jobId: number, change: () => Promise<T>): Promise<T> {
  await assertVisibleJob(db, jobId);
  return refusingUnknownJob(change);
}

/** Jobs awaiting moderation or turned down are not visible to candidates. */
const visible = notInArray(jobs.status, ["pending", "rejected"]);

async function assertVisibleJob(db: Database, jobId: number): Promise<void> {
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), visible));
  if (!job) throw unknownJob();
}

const listedJobColumns = (now: Date) => ({
  ...summaryColumns,
  accepting: sql<boolean>`(${isListed(now)})`.mapWith(Boolean),
});

function toListedJob({ accepting, ...row }: SummaryRow & { accepting: boolean }): ListedJob {
  return { job: toSummary(row), accepting_applications: accepting };
}

// Saved and not-interested jobs: the same shape of record, each the other's opposite

type MarkTable = typeof favorites | typeof rejections;

async function listMarked(db: Database, table: MarkTable, userId: number, now: Date) {
  const rows = await db
    .select({ ...listedJobColumns(now), markedAt: table.createdAt })
    .from(table)
    .innerJoin(jobs, eq(jobs.id, table.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(table.userId, userId), visible))
    .orderBy(desc(table.createdAt), desc(table.jobId));
  return rows.map(({ markedAt, ...row }) => ({ item: toListedJob(row), markedAt }));
}

/**
 * Marks a job in `table` and takes it out of `opposite`. True if the mark is new; a new mark
 * counts in the listing's statistics (`stat`), once per candidate per listing per day.
 */
async function addMark(
  db: Database,
  table: MarkTable,
  opposite: MarkTable,
  stat: StatColumn,
  userId: number,
  jobId: number,
): Promise<boolean> {
  return onVisibleJob(db, jobId, async () => {
    const day = await countingDay(db);
    return db.transaction(async (tx) => {
      await tx.delete(opposite).where(and(eq(opposite.userId, userId), eq(opposite.jobId, jobId)));
      const inserted = await tx
        .insert(table)
        .values({ userId, jobId })
        .onConflictDoNothing()
        .returning({ jobId: table.jobId });
      if (inserted.length === 0) return false;
      await countOnce(tx, day, { jobId, column: stat, visitor: candidateVisitor(userId) });
      return true;
    });
  });
}

/** False when the user had no such mark on the job. */
async function removeMark(db: Database, table: MarkTable, userId: number, jobId: number) {
  const deleted = await db
    .delete(table)
    .where(and(eq(table.userId, userId), eq(table.jobId, jobId)))
    .returning({ jobId: table.jobId });
  return deleted.length > 0;
}

export async function listSavedJobs(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<SavedJob[]> {
  const marked = await listMarked(db, favorites, userId, now);
  return marked.map(({ item, markedAt }) => ({ ...item, saved_at: markedAt.toISOString() }));
}

/** Saves a job (again is fine) and takes it off the not-interested list. True if it is new. */
export const saveJob = (db: Database, userId: number, jobId: number) =>
  addMark(db, favorites, rejections, "saves", userId, jobId);

export const unsaveJob = (db: Database, userId: number, jobId: number) =>
  removeMark(db, favorites, userId, jobId);

export async function listHiddenJobs(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<HiddenJob[]> {
  const marked = await listMarked(db, rejections, userId, now);
  return marked.map(({ item, markedAt }) => ({ ...item, hidden_at: markedAt.toISOString() }));
}

/** Marks a job not interested, which also unsaves it. True if it is new. */
export const hideJob = (db: Database, userId: number, jobId: number) =>
  addMark(db, rejections, favorites, "notInterested", userId, jobId);

/** Undoes "not interested". */
export const unhideJob = (db: Database, userId: number, jobId: number) =>
  removeMark(db, rejections, userId, jobId);

// Applications

async function findApplication(
  db: Database,
  userId: number,
  where: SQL,
  now: Date,
): Promise<Application | null> {
  const [row] = await listApplicationsWhere(db, userId, where, now);
  return row ?? null;
}

async function listApplicationsWhere(
  db: Database,
  userId: number,
  where: SQL | undefined,
  now: Date,
): Promise<Application[]> {
  const rows = await db
    .select({
      ...listedJobColumns(now),
      applicationId: applications.id,
      status: applications.status,
      appliedAt: applications.createdAt,
      updatedAt: applications.updatedAt,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(applications.userId, userId), visible, where))
    .orderBy(desc(applications.updatedAt), desc(applications.id));
  return rows.map(({ applicationId, status, appliedAt, updatedAt, ...row }) => ({
    ...toListedJob(row),
    id: applicationId,
    status,
    applied_at: appliedAt.toISOString(),
    updated_at: updatedAt.toISOString(),
  }));
}

export function listApplications(
  db: Database,
  userId: number,
  now: Date = new Date(),
): Promise<Application[]> {
  return listApplicationsWhere(db, userId, undefined, now);
}

/**
 * Records that the user applied to a job. Applying again keeps the one application (and its
 * status); `created` says whether it is new. An application sent on the board is tracked there
 * already, with its stage: marking it applied too is a 409, or the job would be listed twice.
 */
export async function applyToJob(
  db: Database,
  userId: number,
  jobId: number,
  status: ApplicationStatus,
  now: Date = new Date(),
): Promise<{ application: Application; created: boolean }> {
  const [onBoard] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(
      and(
        eq(jobApplications.jobId, jobId),
        eq(jobApplications.userId, userId),
        isNull(jobApplications.withdrawnAt),
      ),
    );
  if (onBoard) {
    throw conflict("You applied to this job on the board: it is in your applications already");
  }
  const inserted = await onVisibleJob(db, jobId, () =>
    db
      .insert(applications)
      .values({ userId, jobId, status })
      .onConflictDoNothing()
      .returning({ id: applications.id }),
  );
  const application = await findApplication(db, userId, eq(applications.jobId, jobId), now);
  // Gone already: the job was deleted (with its applications) since the check.
  if (!application) throw unknownJob();
  return { application, created: inserted.length > 0 };
}

/** Moves the user's application to `status`; null when they have no application with this id. */
export async function updateApplication(
  db: Database,
  userId: number,
  applicationId: number,
  status: ApplicationStatus,
  now: Date = new Date(),
): Promise<Application | null> {
  const updated = await db
    .update(applications)
    .set({ status, updatedAt: now })
    .where(and(eq(applications.id, applicationId), eq(applications.userId, userId)))
    .returning({ id: applications.id });
  if (updated.length === 0) return null;
  return findApplication(db, userId, eq(applications.id, applicationId), now);
}

/** False when the user has no application with this id. */
export async function deleteApplication(
  db: Database,
  userId: number,
  applicationId: number,
): Promise<boolean> {
  const deleted = await db
    .delete(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.userId, userId)))
    .returning({ id: applications.id });
  return deleted.length > 0;
}

// All marks at once

/** Which jobs the user saved, hid and applied to: job lists and pages mark each job with it. */
export async function getJobMarks(db: Database, userId: number): Promise<JobMarks> {
  const [saved, hidden, applied] = await Promise.all([
    db.select({ jobId: favorites.jobId }).from(favorites).where(eq(favorites.userId, userId)),
    db.select({ jobId: rejections.jobId }).from(rejections).where(eq(rejections.userId, userId)),
    db
      .select({ jobId: applications.jobId, id: applications.id, status: applications.status })
      .from(applications)
      .where(eq(applications.userId, userId)),
  ]);
  return {
    saved: saved.map((row) => row.jobId),
    hidden: hidden.map((row) => row.jobId),
    applications: Object.fromEntries(
      applied.map(({ jobId, id, status }) => [String(jobId), { id, status }]),
    ),
  };
}

/**
 * The candidates' tracked applications to `jobIds` still open on their side (applied,
 * interviewing) and not yet told the job closed, marked told at `now`: who and which job, for
 * the mail that tells them (imports' source-mail). In the caller's transaction.
 */
export async function markClosedJobsNoticed(
  tx: Database,
  jobIds: readonly number[],
  now: Date,
): Promise<{ userId: number; jobId: number }[]> {
  return tx
    .update(applications)
    .set({ closedNoticeAt: now })
    .where(
      and(
        inArray(applications.jobId, [...jobIds]),
        isNull(applications.closedNoticeAt),
        inArray(applications.status, ["applied", "interviewing"]),
      ),
    )
    .returning({ userId: applications.userId, jobId: applications.jobId });
}
