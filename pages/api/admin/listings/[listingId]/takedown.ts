import { operations } from "@/lib/api/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { queueSearchEngineNotices, searchEngineQueue } from "@/lib/server/indexing/enqueue";
import { forgetJobPages } from "@/lib/server/jobs/forget-job-pages";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { takeDown } from "@/lib/server/moderation/listings";
import { listingNotices } from "@/lib/server/listings/listing-notices";
import { withMail } from "@/lib/server/queue/queue";

/**
 * POST, moderators only: `{ reason }` takes a live listing down. The change, its audit entry
 * and the employer's mail are one transaction; the pages it showed on are dropped from the page
 * cache once it is committed.
 */
export default apiRoute(
  handle(operations.takeDownListing, async ({ db, moderator, params, body }) => {
    const indexing = await searchEngineQueue();
    const result = await withMail(db, async (tx) => {
      const actor = await moderatorActor(tx, moderator);
      const takenDown = await takeDown(tx, params.listingId, body.reason, actor);
      await queueSearchEngineNotices(indexing, tx, [params.listingId]);
      return {
        result: takenDown,
        mail: await listingNotices(tx, [params.listingId], "listing-taken-down"),
      };
    });
    forgetJobPages(params.listingId);
    return result;
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
