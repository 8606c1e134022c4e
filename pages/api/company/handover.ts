import { operations } from "@/lib/api-registry/operations";
import { handOverAndTell } from "@/features/companies/server/team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: the owner hands the company over to an admin. */
export default apiRoute(
  handle(operations.handOverCompany, ({ db, user, member, body }) =>
    handOverAndTell(db, { user, member }, body.handover.member_id),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
