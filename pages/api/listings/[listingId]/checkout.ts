import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { CHECKOUT_RATE_LIMIT, openCheckout } from "@/features/listings/server/submit-api";

/** POST: a new Stripe Checkout for one of the caller's listings still awaiting payment. */
export default apiRoute(
  handle(
    operations.payForListing,
    async ({ db, user, member, params }) => ({
      checkout_url: await openCheckout(db, { user, member }, params.listingId),
    }),
    { limit: CHECKOUT_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
