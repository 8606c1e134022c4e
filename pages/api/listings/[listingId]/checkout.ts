import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { CHECKOUT_RATE_LIMIT, payForListing } from "@/features/listings/server/submit-api";

/**
 * POST: a new Stripe Checkout for one of the caller's listings still awaiting payment (with the
 * coupon kept with it; one that makes it free pays it now, and answers its listing's page).
 */
export default apiRoute(
  handle(
    operations.payForListing,
    ({ db, user, member, params }) => payForListing(db, { user, member }, params.listingId),
    { limit: CHECKOUT_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
