import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { updateOfferSettings } from "@/features/billing/server/offer-console";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** PUT, moderators only: the board's currency and /pricing's comparison (issue 63). */
export default apiRoute(
  handle(operations.updateOfferSettings, async ({ db, moderator, body }) =>
    updateOfferSettings(db, await moderatorActor(db, moderator), body),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
