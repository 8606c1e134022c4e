import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";
import { jobPagesPurge } from "../jobs/forget-job-pages";
import { purgeCachedPages } from "../http/page-cache";
import { log } from "../log";
import type { ScheduledTask } from "./scheduler";

/**
 * Marks the open jobs whose listing time has run out as expired; returns their ids. (Lists
 * already leave them out by expires_at; the status is what their employers see on /listings.)
 */
export async function expireJobs(db: Database, now: Date = new Date()): Promise<number[]> {
  const expired = await db
    .update(jobs)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(jobs.status, "open"), lte(jobs.expiresAt, now)))
    .returning({ id: jobs.id });
  return expired.map((row) => row.id);
}

/** Every minute: expire jobs, and purge the pages they were on, everywhere. */
export const expireJobsTask: ScheduledTask = {
  name: "expire-jobs",
  everySeconds: 60,
  run: async (db) => {
    const ids = await expireJobs(db);
    if (ids.length === 0) return;
    purgeCachedPages(jobPagesPurge(ids));
    log.info({ jobs: ids.length }, "Expired jobs");
  },
};

/**
 * Every day: fresh planner statistics. PGlite has no autovacuum, so without this a board that
 * grows keeps being planned as it was when seeded (keyword searches stop using their index);
 * on PostgreSQL it is a cheap extra to autovacuum's own.
 */
export const analyzeTask: ScheduledTask = {
  name: "analyze",
  everySeconds: 24 * 60 * 60,
  run: async (db) => {
    await db.execute(sql`analyze`);
  },
};

/** Every task the server schedules. */
export const SCHEDULED_TASKS: readonly ScheduledTask[] = [expireJobsTask, analyzeTask];
