import { log } from "@/lib/server/log";
import { readIndexingConfig } from "./config";
import type { SearchEngineNotice } from "./enqueue";
import { publishToGoogle } from "./google";
import { submitToIndexNow } from "./indexnow";

/*
 * The worker's side: a batch of the queue's notices is sent, IndexNow's in one request, Google's
 * one by one, and each notice succeeds or fails on its own, so a failing engine is retried
 * without telling the others twice.
 */

export type QueuedNotice = { id: string; data: SearchEngineNotice };
export type NoticeOutcome = { id: string; error?: string };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Sends `notices`; answers each one's outcome (an error to retry it). An engine that is no
 * longer configured fails its notices, which then wait out their retries or are retried by hand.
 */
export async function sendSearchEngineNotices(
  notices: readonly QueuedNotice[],
): Promise<NoticeOutcome[]> {
  const config = readIndexingConfig();
  const outcomes = new Map<string, NoticeOutcome>();

  const indexNow = notices.filter((notice) => notice.data.engine === "indexNow");
  if (indexNow.length > 0) {
    let error: string | undefined;
    if (!config.indexNow) error = "IndexNow is not configured (INDEXNOW_KEY)";
    else {
      try {
        await submitToIndexNow(config.indexNow, [
          ...new Set(indexNow.map((notice) => notice.data.url)),
        ]);
        log.info({ urls: indexNow.length }, "IndexNow told");
      } catch (failure) {
        error = message(failure);
      }
    }
    for (const notice of indexNow) outcomes.set(notice.id, { id: notice.id, error });
  }

  for (const notice of notices.filter((queued) => queued.data.engine === "google")) {
    let error: string | undefined;
    if (!config.google) error = "Google's Indexing API is not configured";
    else {
      try {
        await publishToGoogle(config.google, notice.data.url, notice.data.deleted);
      } catch (failure) {
        error = message(failure);
      }
    }
    outcomes.set(notice.id, { id: notice.id, error });
  }

  // A notice of an engine this code does not know (a queue job from another version) fails.
  return notices.map(
    (notice) => outcomes.get(notice.id) ?? { id: notice.id, error: "Unknown search engine" },
  );
}
