import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { setCreditLimit } from "@/features/moderation/server/company-terms";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** PUT, moderators only: how much a company may use before paying its invoices. */
export default apiRoute(
  handle(operations.setCreditLimit, async ({ db, moderator, params, body }) =>
    setCreditLimit(db, await moderatorActor(db, moderator), params.companyId, body.limit_minor),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
