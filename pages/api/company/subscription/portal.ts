import { operations } from "@/lib/api-registry/operations";
import { routes } from "@/lib/routes";
import { SITE_URL } from "@/lib/site";
import { subscriptionPortal } from "@/features/billing/server/subscription-stripe";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: a session of Stripe's customer portal for the company's subscription by card. */
export default apiRoute(
  handle(operations.openSubscriptionPortal, ({ db, user, member }) =>
    subscriptionPortal(db, { user, member }, `${SITE_URL}${routes.billing}`),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
