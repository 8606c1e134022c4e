import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { setPaymentTerms } from "@/features/moderation/server/company-terms";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** PUT, moderators only: let a company pay by invoice in 14 or 30 days, or only by card. */
export default apiRoute(
  handle(operations.setPaymentTerms, async ({ db, moderator, params, body }) =>
    setPaymentTerms(db, await moderatorActor(db, moderator), params.companyId, body.days),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
