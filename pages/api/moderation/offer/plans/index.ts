import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { createPlan } from "@/features/billing/server/offer-console";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** POST, moderators only: a new plan, on sale at once (issue 63). */
export default apiRoute(
  handle(operations.createOfferPlan, async ({ db, moderator, body }) => {
    return new Reply(201, await createPlan(db, await moderatorActor(db, moderator), body));
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
