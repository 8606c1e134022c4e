import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { takeDownAndTell } from "@/features/moderation/server/takedown-api";

/**
 * POST, moderators only: `{ reason }` takes a live listing down. The change, its audit entry
 * and the employer's mail are one transaction; the pages it showed on are dropped from the page
 * cache once it is committed.
 */
export default apiRoute(
  handle(operations.takeDownListing, ({ db, moderator, params, body }) =>
    takeDownAndTell(db, moderator, params.listingId, body.reason),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
