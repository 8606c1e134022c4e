import { operations } from "@/lib/api-registry/operations";
import { routes } from "@/lib/routes";
import { SITE_URL } from "@/lib/site";
import { buyPack } from "@/features/billing/server/packs";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { CHECKOUT_RATE_LIMIT } from "@/features/listings/server/submit-api";

/** POST: buy a pack of listings, by card (a Checkout URL) or on an invoice (credits at once). */
export default apiRoute(
  handle(
    operations.buyPack,
    ({ db, user, member, body }) =>
      buyPack(
        db,
        { user, member },
        body.pack,
        `${SITE_URL}${routes.billing}`,
        new Date(),
        body.coupon || null,
      ),
    { limit: CHECKOUT_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
