import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { closeAndForget } from "@/features/listings/server/manage-api";

/** POST: the listing leaves the board as withdrawn (see closeListing). */
export default apiRoute(
  handle(operations.withdrawListing, ({ db, user, member, params }) =>
    closeAndForget(db, { user, member }, params.listingId, "withdrawn"),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
