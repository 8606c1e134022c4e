import { operations } from "@/lib/api-registry/operations";
import { routes } from "@/lib/routes";
import { SITE_URL } from "@/lib/site";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { CHECKOUT_RATE_LIMIT } from "@/features/listings/server/submit-api";
import { upgradeListing } from "@/features/listings/server/upgrade";

/** POST: make a live Standard listing Sponsored or Featured for the rest of its time. */
export default apiRoute(
  handle(
    operations.upgradeListing,
    ({ db, user, member, params, body }) =>
      upgradeListing(
        db,
        { user, member },
        params.listingId,
        body,
        `${SITE_URL}${routes.listings}?listing=${params.listingId}`,
      ),
    { limit: CHECKOUT_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
