import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { setSubscriptionPlanRetired } from "@/features/billing/server/offer-console";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST retires the subscription plan, DELETE puts it back on sale; moderators only (issue 63). */
export default apiRoute(
  handle(operations.retireOfferSubscriptionPlan, async ({ db, moderator, params }) =>
    setSubscriptionPlanRetired(db, await moderatorActor(db, moderator), params.slug, true),
  ),
  handle(operations.restoreOfferSubscriptionPlan, async ({ db, moderator, params }) =>
    setSubscriptionPlanRetired(db, await moderatorActor(db, moderator), params.slug, false),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
