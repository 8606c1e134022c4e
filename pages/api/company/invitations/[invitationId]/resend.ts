import { operations } from "@/lib/api-registry/operations";
import { resendAndTell } from "@/features/companies/server/team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: send a pending invitation again, with a new link (owner and admins). */
export default apiRoute(
  handle(operations.resendInvitation, ({ db, user, member, params }) =>
    resendAndTell(db, { user, member }, params.invitationId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
