import { operations } from "@/lib/api-registry/operations";
import { declineInvitation } from "@/features/directory/server/invitations-candidate";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: decline one of the caller's invitations, with a reason, and maybe stop its company. */
export default apiRoute(
  handle(operations.declineInvitation, ({ db, user, params, body }) =>
    declineInvitation(db, user.id, params.invitationId, body),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
