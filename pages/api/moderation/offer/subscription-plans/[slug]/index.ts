import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { updateSubscriptionPlan } from "@/features/billing/server/offer-console";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** PUT, moderators only: a subscription plan's changes, for new subscriptions (issue 63). */
export default apiRoute(
  handle(operations.updateOfferSubscriptionPlan, async ({ db, moderator, params, body }) =>
    updateSubscriptionPlan(db, await moderatorActor(db, moderator), params.slug, body),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
