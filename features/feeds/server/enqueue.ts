import { createHash } from "node:crypto";
import { sql, inArray } from "drizzle-orm";
import { fromDrizzle, type PgBoss } from "pg-boss";
import type { Database } from "@/lib/server/db/client";
import { jobs } from "@/lib/server/db/schema";
import { jobUrl } from "@/features/jobs/server/job-url";
import { getQueue, QUEUES } from "@/lib/server/queue/queue";
import { configuredEngines, readIndexingConfig, type SearchEngine } from "./config";

/*
 * Telling search engines that a job page changed: one queue job per engine, page and change,
 * queued in the transaction that makes the change (committed with it, or not at all), and sent
 * by the queue's worker (features/feeds/server/send.ts), retried with backoff when an engine fails.
 */

/** One notice: `engine` is told that the page at `url` was published or changed, or is gone. */
export type SearchEngineNotice = {
  engine: SearchEngine;
  url: string;
  /** The job left the board (filled, withdrawn, taken down, expired): Google's URL_DELETED. */
  deleted: boolean;
};

/** Closed jobs: their page tells of it, and Google is told the URL is gone. */
const CLOSED = new Set(["filled", "withdrawn", "removed", "expired"]);

/**
 * The queue job's id for one notice of one change: the same change queued twice (by a retried
 * request, or two callers) has the same id, and pg-boss inserts it once (its insert skips an id it
 * has). A later change stamps the job anew (updated_at), so it is a new notice.
 */
export function noticeId(notice: SearchEngineNotice, changedAt: Date): string {
  const hex = createHash("sha256")
    .update(`${notice.engine}\n${notice.url}\n${notice.deleted}\n${changedAt.toISOString()}`)
    .digest("hex");
  // Shaped as a UUID (version 8, "custom"), as pg-boss's id column wants.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The queue, when a search engine is configured (null otherwise). Called before the change's
 * transaction: on PGlite, starting the queue inside one would wait on the transaction.
 */
export async function searchEngineQueue(): Promise<PgBoss | null> {
  return configuredEngines(readIndexingConfig()).length > 0 ? getQueue() : null;
}

/**
 * Queues, in `tx`, a notice to every configured search engine for each of `jobIds` as it stands
 * in `tx`: an open job's page was published or changed; a closed one's is gone. Jobs that were
 * never on the board (pending, rejected) are skipped. Call it after the change, in its
 * transaction, with the queue from searchEngineQueue(); with null it does nothing.
 */
export async function queueSearchEngineNotices(
  boss: PgBoss | null,
  tx: Database,
  jobIds: readonly number[],
  now: Date = new Date(),
): Promise<number> {
  const engines = configuredEngines(readIndexingConfig());
  if (!boss || engines.length === 0 || jobIds.length === 0) return 0;
  const rows = await tx
    .select({
      id: jobs.id,
      slug: jobs.slug,
      status: jobs.status,
      expiresAt: jobs.expiresAt,
      updatedAt: jobs.updatedAt,
    })
    .from(jobs)
    .where(inArray(jobs.id, [...new Set(jobIds)]));
  const queued = rows.flatMap((job) => {
    const live = job.status === "open" && job.expiresAt > now;
    if (!live && !CLOSED.has(job.status) && job.status !== "open") return [];
    return engines.map((engine) => {
      const data: SearchEngineNotice = { engine, url: jobUrl(job), deleted: !live };
      return { id: noticeId(data, job.updatedAt), data };
    });
  });
  if (queued.length === 0) return 0;
  await boss.insert(QUEUES.searchEngines, queued, {
    // pg-boss types the transaction it takes by its execute() result; drizzle's is that shape.
    db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql),
  });
  return queued.length;
}
