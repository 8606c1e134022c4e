import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { editAndForget } from "@/features/listings/server/manage-api";
import { ownListingDetail } from "@/features/listings/server/manage-listings";

/**
 * GET: one of the caller's listings and its fields. PATCH: edit it (another employer's listing
 * is not found). An edit that shows at once drops the pages it is on from the page cache.
 */
export default apiRoute(
  handle(operations.getOwnListing, async ({ db, user, member, params }) =>
    ownListingDetail(db, { user, member }, params.listingId),
  ),
  handle(operations.editListing, ({ db, user, member, params, body }) =>
    editAndForget(db, { user, member }, params.listingId, body),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
