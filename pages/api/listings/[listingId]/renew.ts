import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { renewOwnListing } from "@/features/listings/server/submit-api";

/** POST: renew the listing on its plan, paying again on a paid one (see renewListing). */
export default apiRoute(
  handle(operations.renewListing, async ({ db, user, member, params, body }) =>
    renewOwnListing(db, { user, member }, params.listingId, {
      useCredit: body?.use_credit === true,
      coupon: body?.coupon,
    }),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
