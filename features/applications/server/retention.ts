import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import { APPLICATION_RETENTION_DAYS } from "@/features/applications/constants";
import type { Database } from "@/lib/server/db/client";
import {
  applicationMessages,
  applicationNotes,
  jobApplications,
  jobs,
} from "@/lib/server/db/schema";
import { SENT_CONTENT } from "./access";
import { cvStore, deleteCvFiles, type CvStore } from "@/lib/server/storage/cv-store";

/*
 * Retention of applications made on the board (issues 27 and 40). What a candidate sent with
 * one (their CV, answers, cover note and links), who they are (name, address, headline), the
 * employer's message to them and private notes on them are kept while the listing is on the
 * board and for APPLICATION_RETENTION_DAYS after it left, time enough for the employer to go back
 * to a runner-up, and then deleted. The row itself stays with only its stage, its dates and how
 * it ended (purged_at says the rest went): the candidate's /applied-jobs keeps showing its
 * outcome (it is theirs: their account says who they are), and the employer's pipeline keeps its
 * count, as both would expect of a record of what happened. Everything of the candidate's goes
 * when they delete their account.
 *
 * A withdrawn application's CV and answers stop being the employer's at once (withdrawal
 * clears them); forgetWithdrawnCvs deletes what applications withdrawn before that still hold.
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
        ...SENT_CONTENT,
        fullName: null,
        email: null,
        headline: null,
        stageMessage: null,
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
      await tx
        .delete(applicationMessages)
        .where(inArray(applicationMessages.applicationId, [...ids]));
    }
    const keys = due.flatMap((row) => (ids.has(row.id) && row.cvKey ? [row.cvKey] : []));
    return { cleared, keys };
  });
  // Once no row names them: a file that cannot be deleted is logged and left, never named again.
  await deleteCvFiles(keys, store);
  return cleared.length;
}

/** One batch of withdrawn applications that still name a CV: cleared, then their files gone. */
async function forgetWithdrawnBatch(db: Database, store: CvStore): Promise<number> {
  const cleared = await db.transaction(async (tx) => {
    // Locked, so that a run beside this one takes others and no file is deleted twice.
    const due = await tx
      .select({ id: jobApplications.id, cvKey: jobApplications.cvKey })
      .from(jobApplications)
      .where(and(isNotNull(jobApplications.withdrawnAt), isNotNull(jobApplications.cvKey)))
      .orderBy(asc(jobApplications.id))
      .limit(PURGE_BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(jobApplications)
      .set(SENT_CONTENT)
      .where(
        inArray(
          jobApplications.id,
          due.map((row) => row.id),
        ),
      );
    return due;
  });
  await deleteCvFiles(
    cleared.flatMap((row) => (row.cvKey ? [row.cvKey] : [])),
    store,
  );
  return cleared.length;
}

/** `batch` run until it does less than a whole batch; answers how many it did in all. */
async function inBatches(batch: () => Promise<number>): Promise<number> {
  let done = 0;
  for (;;) {
    const count = await batch();
    done += count;
    if (count < PURGE_BATCH) return done;
  }
}

/**
 * Purges every application whose listing left the board more than APPLICATION_RETENTION_DAYS
 * before `now`, and is not purged yet; answers how many. Running it again purges nothing more.
 */
export const purgeApplications = (db: Database, now: Date, store: CvStore = cvStore()) =>
  inBatches(() => purgeBatch(db, now, store));

/** Deletes the CVs (and answers) that withdrawn applications still hold; answers how many. */
export const forgetWithdrawnCvs = (db: Database, store: CvStore = cvStore()) =>
  inBatches(() => forgetWithdrawnBatch(db, store));
