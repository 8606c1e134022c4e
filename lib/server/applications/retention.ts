import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { APPLICATION_RETENTION_DAYS } from "@/lib/applications/constants";
import type { Database } from "../db/client";
import { applicationNotes, jobApplications, jobs } from "../db/schema";
import { cvStore, deleteCvFiles, type CvStore } from "./cv-store";

/*
 * Retention of applications made on the board (issue 27). What a candidate sent with one (their
 * CV, answers, cover note and links) and the employer's private notes on it are kept while the
 * listing is on the board and for APPLICATION_RETENTION_DAYS after it left, time enough for the
 * employer to go back to a runner-up, and then deleted. The row itself stays, with who applied,
 * when, the stage and how it ended (purged_at says what went): the candidate's /applied-jobs
 * keeps showing its outcome, and the employer's pipeline keeps its count, as both would expect
 * of a record of what happened. Deleting the row would quietly rewrite that history, and the
 * person is still there to see it; everything of theirs goes when they delete their account.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Applications purged per transaction: a few hundred rows and their notes, then the files. */
const PURGE_BATCH = 200;

/**
 * A listing is off the board once it is no longer open (filled, withdrawn, taken down, expired)
 * or its end has passed (before `expire-jobs` marks it), since the earlier of when it was
 * closed and its end. A listing renewed after it ended is open again and on the board.
 */
const offTheBoardSince = (now: Date, before: Date) =>
  and(
    or(ne(jobs.status, "open"), lte(jobs.expiresAt, now)),
    lte(sql`least(${jobs.closedAt}, ${jobs.expiresAt})`, before),
  );

/** One batch: the rows and notes cleared in a transaction, then their CV files deleted. */
async function purgeBatch(db: Database, now: Date, store: CvStore): Promise<number> {
  const before = new Date(now.getTime() - APPLICATION_RETENTION_DAYS * DAY_MS);
  const { cleared, keys } = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobApplications.id, cvKey: jobApplications.cvKey })
      .from(jobApplications)
      .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
      .where(and(isNull(jobApplications.purgedAt), offTheBoardSince(now, before)))
      .orderBy(asc(jobApplications.id))
      .limit(PURGE_BATCH);
    if (due.length === 0) return { cleared: [], keys: [] };
    const cleared = await tx
      .update(jobApplications)
      .set({
        cvKey: null,
        cvName: null,
        cvBytes: null,
        answers: [],
        coverNote: null,
        links: [],
        purgedAt: now,
      })
      // Purged meanwhile by another run: not twice.
      .where(
        and(
          inArray(
            jobApplications.id,
            due.map((row) => row.id),
          ),
          isNull(jobApplications.purgedAt),
        ),
      )
      .returning({ id: jobApplications.id });
    const ids = new Set(cleared.map((row) => row.id));
    if (ids.size > 0) {
      await tx.delete(applicationNotes).where(inArray(applicationNotes.applicationId, [...ids]));
    }
    const keys = due.flatMap((row) => (ids.has(row.id) && row.cvKey ? [row.cvKey] : []));
    return { cleared, keys };
  });
  // Once no row names them: a file that cannot be deleted is logged and left, never named again.
  await deleteCvFiles(keys, store);
  return cleared.length;
}

/**
 * Purges every application whose listing left the board more than APPLICATION_RETENTION_DAYS
 * before `now`, and is not purged yet; answers how many. Running it again purges nothing more.
 */
export async function purgeApplications(
  db: Database,
  now: Date,
  store: CvStore = cvStore(),
): Promise<number> {
  let purged = 0;
  for (;;) {
    const batch = await purgeBatch(db, now, store);
    purged += batch;
    if (batch < PURGE_BATCH) return purged;
  }
}
