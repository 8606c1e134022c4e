import { createHash } from "node:crypto";
import { setImmediate as yieldToRequests } from "node:timers/promises";
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import {
  IMPORTED_LISTINGS_MAX,
  type SkipReason,
  type SourceReport,
} from "@/features/imports/schemas";
import { basePlan, planOf, type PaidPlanId } from "@/features/billing/offer";
import { readOffer } from "@/features/billing/server/offer";
import { closeOutApplications } from "@/features/applications/server/close-out";
import { spendCredit } from "@/features/billing/server/credits";
import type { Database } from "@/lib/server/db/client";
import { atsJobs, atsSources, companies, jobs, type AtsSource } from "@/lib/server/db/schema";
import { purgeCachedPages } from "@/lib/server/http/page-cache";
import { queueSearchEngineNotices, searchEngineQueue } from "@/features/feeds/server/enqueue";
import { jobPagesPurge } from "@/features/jobs/server/forget-job-pages";
import {
  pendingPostingIssues,
  type PostingIssue,
} from "@/features/listings/server/job-posting-check";
import { addDays, listingColumns } from "@/features/listings/server/listing-columns";
import {
  backToReview,
  deleteListing,
  endListings,
  insertListing,
  keepImportedOn,
  publishImported,
  setPlan,
} from "@/features/listings/server/listing-state";
import { log } from "@/lib/server/log";
import { enqueueMails, QUEUES } from "@/lib/server/queue/queue";
import { AtsError, type FetchOptions } from "./ats/types";
import { readBoardSlices, type BoardReadLimits } from "./board-reader";
import type { BoardHead, MappedEntry } from "./board-task";
import type { MappedJob } from "./map-job";
import { rulesOf } from "./rules";
import { pauseNotice, trackedJobClosings } from "./source-mail";

/*
 * One run of a source (issue 46): its board read and each job mapped by the source's rules in a
 * worker thread (board-reader.ts), and the board's listings brought in step with it: new jobs
 * listed, changed ones updated, jobs gone from the ATS ended as withdrawn (their applicants told,
 * as for any withdrawn listing: the board cannot know they were filled), never one job twice
 * (ats_jobs is keyed by the source and the ATS's own id). A large board is written a slice of jobs at a time, each slice in a transaction of its
 * own with the server's requests answered between them (issue 60); the jobs gone from the ATS
 * are ended, and the run recorded, once the whole board has been read and written. A run that
 * fails part way (a bound of the worker passed) leaves the slices it wrote, each whole, and
 * records the failure; the next run takes up the board again.
 */

/** Runs failed in a row that pause a source. */
export const FAILURES_TO_PAUSE = 3;

/**
 * Jobs written per transaction. On the embedded database a transaction holds the one connection
 * every request shares, and each job takes a few statements of 1 to 5 ms: a slice of 25 holds it
 * for about a tenth of a second.
 */
export const SLICE_JOBS = 25;

/** A source runs an hour after its last run, later by up to this, so sources spread out. */
const JITTER_MINUTES = 10;

/** Errors worth trying again within the run (pg-boss retries them with back-off). */
const TRANSIENT = new Set(["timeout", "network", "http_error"]);

/** A live imported listing near its end is kept on while the ATS lists it: this close. */
const KEEP_ON_DAYS = 3;

/** The listing that keeps an imported job on the board: on it now, or waiting for review. */
const onBoard = (status: string | undefined) =>
  status === "open" || status === "pending" || status === "expired";

export type RunOptions = Pick<FetchOptions, "origin" | "timeoutMs" | "maxBytes"> & {
  now?: Date;
  /** The last try pg-boss will make: a transient error then counts as a failed run. */
  lastTry?: boolean;
  /** Run a paused source too (its employer or a moderator asked for a run). */
  force?: boolean;
  /** The worker's bounds, if not board-reader.ts's BOARD_READ_LIMITS.sync. */
  limits?: BoardReadLimits;
};

export type RunOutcome =
  | { ran: false }
  | { ran: true; report: SourceReport }
  | { ran: true; failed: string; paused: boolean };

/** What one run knows across its slices. */
type Run = {
  source: AtsSource;
  now: Date;
  report: SourceReport;
  /** The ATS's ids of the jobs read, each once. */
  seen: Set<string>;
  indexing: PgBoss | null;
  boss: PgBoss;
};

/**
 * Runs source `sourceId` once: reads its board and brings its listings in step. A transient
 * failure (timeout, network, 5xx) is thrown for the queue to retry unless it is the last try; a
 * failed run is recorded, and the third in a row pauses the source and tells its employer.
 */
export async function runSource(
  db: Database,
  boss: PgBoss,
  sourceId: number,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const now = options.now ?? new Date();
  const [source] = await db.select().from(atsSources).where(eq(atsSources.id, sourceId));
  if (!source || (source.status === "paused" && !options.force)) return { ran: false };
  const run: Run = {
    source,
    now,
    report: emptyReport(now, false),
    seen: new Set(),
    indexing: await searchEngineQueue(),
    boss,
  };
  let read: Extract<BoardHead, { status: "ok" }> | undefined;
  try {
    await readBoardSlices(
      {
        kind: source.ats,
        board: source.board,
        fetch: {
          origin: options.origin,
          timeoutMs: options.timeoutMs,
          maxBytes: options.maxBytes,
          etag: options.force ? null : source.etag,
          lastModified: options.force ? null : source.lastModified,
        },
        rules: rulesOf(source.rules),
        knownHash: options.force ? null : source.bodyHash,
        sliceJobs: SLICE_JOBS,
      },
      {
        head: async (head) => {
          if (head.status === "ok" && head.total === 0) {
            throw new AtsError(
              "empty",
              "The board answered with no jobs: check its name, or pause the source while you have no openings",
            );
          }
          if (head.status === "not_modified" || head.unchanged) return false;
          read = head;
          return true;
        },
        slice: (entries) => inTransaction(db, run, (tx) => applySlice(tx, run, entries)),
      },
      options.limits,
    );
  } catch (error) {
    if (!(error instanceof AtsError)) throw error;
    if (!options.lastTry && TRANSIENT.has(error.code)) throw error;
    const paused = await recordFailure(db, boss, source, error.message, now);
    return { ran: true, failed: error.code, paused };
  }
  if (!read) {
    const report = emptyReport(now, true);
    await db
      .update(atsSources)
      .set({ ...succeeded(now), lastReport: report })
      .where(eq(atsSources.id, source.id));
    return { ran: true, report };
  }
  await endGoneJobs(db, run);
  const { etag, lastModified, bodyHash } = read;
  await db
    .update(atsSources)
    .set({ ...succeeded(now), etag, lastModified, bodyHash, lastReport: run.report })
    .where(eq(atsSources.id, source.id));
  log.info({ source: source.id, ...countsOf(run.report) }, "Import source ran");
  return { ran: true, report: run.report };
}

/**
 * Runs `write` in a transaction of its own under the source's row lock (one run's slice at a
 * time per source: a second waits, then finds the first's rows), with the applications of
 * listings it closed closed (and their applicants mailed), search engines told of the pages it
 * changed, and those pages purged once it is committed.
 */
async function inTransaction(
  db: Database,
  run: Run,
  write: (tx: Database) => Promise<{ touched: number[]; gone?: number[] }>,
) {
  const touched = await db.transaction(async (tx) => {
    await tx
      .select({ id: atsSources.id })
      .from(atsSources)
      .where(eq(atsSources.id, run.source.id))
      .for("update");
    const { touched, gone = [] } = await write(tx);
    if (touched.length > 0) {
      await enqueueMails(run.boss, await closeOutApplications(tx, run.now), tx);
      await enqueueMails(run.boss, await trackedJobClosings(tx, gone, run.now), tx);
      await queueSearchEngineNotices(run.indexing, tx, touched, run.now);
    }
    return touched;
  });
  if (touched.length > 0) purgeCachedPages(jobPagesPurge(touched));
}

const countsOf = (report: SourceReport) => ({
  added: report.added,
  changed: report.changed,
  ended: report.ended,
  skipped: report.skipped.length,
});

/**
 * The next scheduled run after a run at `now`: an hour on, or later where the scheduler already
 * set it so (with its jitter). A run asked for ("Run now", a resume) moves it on too, so the next
 * run shown is never one already past (issue 61).
 */
const nextRunAfter = (now: Date) =>
  sql`greatest(${atsSources.nextRunAt}, ${now.toISOString()}::timestamptz + interval '1 hour')`;

const succeeded = (now: Date) => ({
  lastRunAt: now,
  lastSuccessAt: now,
  nextRunAt: nextRunAfter(now),
  failures: 0,
  lastError: null,
});

const emptyReport = (now: Date, notModified: boolean): SourceReport => ({
  at: now.toISOString(),
  added: 0,
  changed: 0,
  ended: 0,
  unchanged: 0,
  skipped: [],
  not_modified: notModified,
  without_credit: 0,
});

/** A failed run: counted, and the third in a row pauses the source with a mail. */
async function recordFailure(
  db: Database,
  boss: PgBoss,
  source: AtsSource,
  message: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(atsSources)
      .set({
        failures: sql`${atsSources.failures} + 1`,
        lastError: message,
        lastRunAt: now,
        nextRunAt: nextRunAfter(now),
      })
      .where(eq(atsSources.id, source.id))
      .returning({ failures: atsSources.failures, status: atsSources.status });
    if (!row || row.failures < FAILURES_TO_PAUSE || row.status === "paused") return false;
    const reason = `Paused after ${row.failures} failed runs in a row. The last said: ${message}`;
    await tx
      .update(atsSources)
      .set({ status: "paused", pausedReason: reason, pausedAt: now })
      .where(eq(atsSources.id, source.id));
    await enqueueMails(boss, await pauseNotice(tx, source, reason), tx);
    return true;
  });
}

/** sha256 of what a mapped job writes to its listing. */
const hashOf = (result: Extract<MappedJob, { outcome: "listing" }>) =>
  createHash("sha256")
    .update(JSON.stringify([result.job, result.place]))
    .digest("hex");

/** Live imported listings of a company, all its sources together. */
export async function liveImported(tx: Database, companyId: number): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(atsJobs)
    .innerJoin(atsSources, eq(atsSources.id, atsJobs.sourceId))
    .innerJoin(jobs, eq(jobs.id, atsJobs.jobId))
    .where(and(eq(atsSources.companyId, companyId), inArray(jobs.status, ["open", "pending"])));
  return row?.count ?? 0;
}

/**
 * Brings the listings of one slice of the board's jobs in step with them, in `tx`; counts what
 * it did in the run's report. Answers the listings whose pages changed (to purge, and to tell
 * search engines of).
 */
async function applySlice(
  tx: Database,
  run: Run,
  entries: MappedEntry[],
): Promise<{ touched: number[] }> {
  const { source, now, report } = run;
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, source.companyId));
  const companyName = company?.name ?? "";
  const items = await tx
    .select({
      item: atsJobs,
      status: jobs.status,
      expiresAt: jobs.expiresAt,
      sponsored: jobs.sponsored,
    })
    .from(atsJobs)
    .leftJoin(jobs, eq(jobs.id, atsJobs.jobId))
    .where(
      and(
        eq(atsJobs.sourceId, source.id),
        inArray(
          atsJobs.externalId,
          entries.map((entry) => entry.externalId),
        ),
      ),
    );
  const known = new Map(items.map((row) => [row.item.externalId, row]));
  const touched: number[] = [];
  const created: { externalId: string; jobId: number; title: string }[] = [];
  let live = await liveImported(tx, source.companyId);
  // The source's plan while it is sold; the free plan once it is retired.
  const offer = await readOffer(tx);
  const chosen = planOf(offer, source.plan);
  const plan = chosen && !chosen.retired ? chosen : basePlan(offer);
  const reviewed = source.reviewedAt !== null;

  const skip = async (job: MappedEntry, reason: SkipReason, message: string) => {
    report.skipped.push({ external_id: job.externalId, title: job.title, reason, message });
    await upsertItem(tx, source.id, job, now, {
      jobId: null,
      skipReason: reason,
      skipMessage: message,
      contentHash: null,
    });
  };

  for (const job of entries) {
    // The embedded database answers without a turn of the event loop: one is taken per job, so
    // that requests needing no database are answered meanwhile (the others wait for the slice).
    await yieldToRequests();
    const { result } = job;
    if (run.seen.has(job.externalId)) continue;
    run.seen.add(job.externalId);
    const row = known.get(job.externalId);
    const jobId = row?.item.jobId ?? null;
    const listed = jobId !== null && onBoard(row?.status ?? undefined);
    if (result.outcome === "skipped") {
      // A job the ATS unlisted, or the employer no longer takes, leaves the board as withdrawn;
      // taken again later, it is a new listing.
      if (listed) {
        await endImported(tx, jobId, now);
        touched.push(jobId);
        report.ended++;
      }
      await skip(job, result.reason, result.message);
      continue;
    }
    const hash = hashOf(result);
    const columns = {
      ...listingColumns(result.job, companyName, job.html!),
      ...result.place,
    };
    if (jobId !== null && !listed && row!.item.goneAt === null) {
      // Closed on the board while the ATS still lists it (filled or withdrawn by its employer,
      // taken down or refused by a moderator): a person's word stands. A refused one whose job
      // changed on the ATS goes back to review, as an edited refused listing does.
      const resubmit = row!.status === "rejected" && row!.item.contentHash !== hash;
      if (resubmit) {
        await backToReview(tx, jobId, { now, fields: columns });
        report.changed++;
      } else {
        report.unchanged++;
      }
      await upsertItem(tx, source.id, job, now, {
        jobId,
        contentHash: resubmit ? hash : row!.item.contentHash,
      });
      continue;
    }
    if (listed) {
      // A listing waiting in review has placeholder dates: approval sets them.
      const keepOn =
        row!.status !== "pending" &&
        row!.expiresAt !== null &&
        row!.expiresAt < addDays(now, KEEP_ON_DAYS);
      if (row!.item.contentHash === hash && !keepOn && row!.status !== "expired") {
        report.unchanged++;
        await upsertItem(tx, source.id, job, now, { jobId, contentHash: hash });
        continue;
      }
      await keepImportedOn(tx, jobId, {
        ...(row!.item.contentHash === hash ? {} : { fields: columns }),
        // Still on the ATS: kept on, as a Standard listing once its paid time is up. Its
        // published date stays: it is as new as it is.
        ...(keepOn || row!.status === "expired" ? { until: addDays(now, 30) } : {}),
        now,
      });
      if (row!.item.contentHash === hash) report.unchanged++;
      else report.changed++;
      if (row!.status !== "pending") touched.push(jobId);
      await upsertItem(tx, source.id, job, now, { jobId, contentHash: hash });
      continue;
    }
    if (live >= IMPORTED_LISTINGS_MAX) {
      await skip(
        job,
        "over_limit",
        `Your company has ${IMPORTED_LISTINGS_MAX} live imported listings, the most allowed`,
      );
      continue;
    }
    const id = await insertListing(tx, {
      ...columns,
      companyId: source.companyId,
      status: "pending",
      sponsored: false,
      plan: "standard",
      submittedBy: source.addedBy,
      publishedAt: now,
      expiresAt: addDays(now, plan.days),
      planDays: plan.days,
      createdAt: now,
      updatedAt: now,
    });
    live++;
    created.push({ externalId: job.externalId, jobId: id, title: job.title });
    await upsertItem(tx, source.id, job, now, {
      jobId: id,
      contentHash: hash,
      skipReason: null,
      skipMessage: null,
    });
  }

  // A reviewed source's new jobs go live at once, unless Google's rules refuse them: those are
  // dropped again and reported, as a moderator would refuse them. (An unreviewed source's wait
  // in review, where the same rules are run before a moderator can approve them.)
  const issues = reviewed
    ? await pendingPostingIssues(
        tx,
        created.map((job) => job.jobId),
        now,
      )
    : new Map<number, PostingIssue[]>();
  for (const job of created) {
    const errors = (issues.get(job.jobId) ?? []).filter((issue) => issue.severity === "error");
    if (errors.length > 0) {
      const message = `Google's job search would refuse it: ${errors
        .map((issue) =>
          issue.field_names.length > 0
            ? `${issue.field_names.join(", ")}: ${issue.message}`
            : issue.message,
        )
        .join("; ")}`;
      await deleteListing(tx, job.jobId);
      await tx
        .update(atsJobs)
        .set({ skipReason: "invalid", skipMessage: message, contentHash: null })
        .where(and(eq(atsJobs.sourceId, source.id), eq(atsJobs.externalId, job.externalId)));
      report.skipped.push({
        external_id: job.externalId,
        title: job.title,
        reason: "invalid",
        message,
      });
      continue;
    }
    // Paid with a credit of the source's plan while the company has one; else Standard.
    if (plan.price_minor > 0) {
      if (await spentCredit(tx, source, plan.id, job.jobId, now)) {
        await setPlan(tx, job.jobId, {
          plan: plan.id,
          sponsored: plan.sponsored,
          paymentStatus: "paid",
        });
      } else {
        report.without_credit++;
      }
    }
    if (reviewed) {
      await publishImported(tx, job.jobId, { reviewedBy: IMPORT_REVIEWER, now });
      touched.push(job.jobId);
    }
    report.added++;
  }

  return { touched };
}

/**
 * Jobs gone from the ATS's list (known to the source, not read this run) end as withdrawn, a
 * slice at a time; their applicants are told (close-out), and so are those who applied on the ATS and
 * tracked it here.
 */
async function endGoneJobs(db: Database, run: Run) {
  const rows = await db
    .select({ id: atsJobs.id, externalId: atsJobs.externalId, jobId: atsJobs.jobId })
    .from(atsJobs)
    .where(and(eq(atsJobs.sourceId, run.source.id), isNull(atsJobs.goneAt)));
  const gone = rows.filter((row) => !run.seen.has(row.externalId));
  for (let start = 0; start < gone.length; start += SLICE_JOBS) {
    await inTransaction(db, run, async (tx) => {
      const ended: number[] = [];
      for (const row of gone.slice(start, start + SLICE_JOBS)) {
        await yieldToRequests();
        if (row.jobId !== null && (await endImported(tx, row.jobId, run.now))) {
          ended.push(row.jobId);
          run.report.ended++;
        }
        await tx.update(atsJobs).set({ goneAt: run.now }).where(eq(atsJobs.id, row.id));
      }
      return { touched: ended, gone: ended };
    });
  }
}

/** Who `reviewed_by` names for a listing a reviewed source published. */
export const IMPORT_REVIEWER = "import";

/** Spends a credit of `plan` on the new listing `jobId`, if the company has one left. */
async function spentCredit(
  tx: Database,
  source: AtsSource,
  plan: PaidPlanId,
  jobId: number,
  now: Date,
): Promise<boolean> {
  if (source.addedBy === null) return false;
  try {
    await spendCredit(tx, {
      companyId: source.companyId,
      plan,
      jobId,
      on: "listing",
      userId: source.addedBy,
      now,
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Withdraws an imported listing its ATS no longer lists, if it is on the board: it leaves it
 * now. False: it was not on it.
 */
async function endImported(tx: Database, jobId: number, now: Date) {
  const ended = await endListings(tx, [jobId], {
    status: "withdrawn",
    now,
    from: ["open", "pending", "expired"],
  });
  return ended.length > 0;
}

/** Writes what the run knows of one job of the source. */
async function upsertItem(
  tx: Database,
  sourceId: number,
  job: Pick<MappedEntry, "externalId" | "title">,
  now: Date,
  values: Partial<typeof atsJobs.$inferInsert>,
) {
  const row = {
    title: job.title.slice(0, 300),
    lastSeenAt: now,
    goneAt: null,
    skipReason: null,
    skipMessage: null,
    ...values,
  };
  await tx
    .insert(atsJobs)
    .values({ sourceId, externalId: job.externalId, firstSeenAt: now, ...row })
    .onConflictDoUpdate({ target: [atsJobs.sourceId, atsJobs.externalId], set: row });
}

/**
 * Claims the active sources whose run is due and queues one run each; answers how many. The
 * claim moves each source's next run an hour on in the same UPDATE, so several instances never
 * queue a source twice.
 */
export async function queueDueSources(db: Database, boss: PgBoss, now: Date): Promise<number> {
  const due = await db
    .update(atsSources)
    .set({
      nextRunAt: sql`${now.toISOString()}::timestamptz + interval '1 hour' + random() * interval '${sql.raw(String(JITTER_MINUTES))} minutes'`,
    })
    .where(and(eq(atsSources.status, "active"), lte(atsSources.nextRunAt, now)))
    .returning({ id: atsSources.id });
  for (const { id } of due) await queueSourceRun(boss, id);
  return due.length;
}

/** Queues one run of a source, unless one is already waiting: false then. */
export async function queueSourceRun(
  boss: PgBoss,
  sourceId: number,
  data: { force?: boolean } = {},
): Promise<boolean> {
  const id = await boss.send(
    QUEUES.atsSync,
    { sourceId, ...data },
    { singletonKey: `ats-sync:${sourceId}` },
  );
  return id !== null;
}
