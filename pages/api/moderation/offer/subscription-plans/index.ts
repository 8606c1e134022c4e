import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { createSubscriptionPlan } from "@/features/billing/server/offer-console";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** POST, moderators only: a new subscription plan, on sale at once (issue 63). */
export default apiRoute(
  handle(operations.createOfferSubscriptionPlan, async ({ db, moderator, body }) => {
    return new Reply(
      201,
      await createSubscriptionPlan(db, await moderatorActor(db, moderator), body),
    );
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
