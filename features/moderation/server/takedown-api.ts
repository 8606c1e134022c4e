import type { Moderator } from "@/lib/server/auth/caller";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import type { Database } from "@/lib/server/db/client";
import { queueSearchEngineNotices, searchEngineQueue } from "@/features/feeds/server/enqueue";
import { forgetJobPages } from "@/features/jobs/server/forget-job-pages";
import { listingNotices } from "@/features/listings/server/listing-notices";
import { withMail } from "@/lib/server/queue/queue";
import { takeDown } from "./listings";

/**
 * A moderator takes a live listing down. The change, its audit entry, the search engines'
 * notices and the employer's mail are one transaction; the pages it showed on are dropped from
 * the page cache once it is committed.
 */
export async function takeDownAndTell(
  db: Database,
  moderator: Moderator,
  jobId: number,
  reason: string,
) {
  const indexing = await searchEngineQueue();
  const result = await withMail(db, async (tx) => {
    const actor = await moderatorActor(tx, moderator);
    const takenDown = await takeDown(tx, jobId, reason, actor);
    await queueSearchEngineNotices(indexing, tx, [jobId]);
    return {
      result: takenDown,
      mail: await listingNotices(tx, [jobId], "listing-taken-down"),
    };
  });
  forgetJobPages(jobId);
  return result;
}
