import { operations } from "@/lib/api-registry/operations";
import { acceptJobInvitation } from "@/features/directory/server/invitations-candidate";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: accept one of the caller's invitations; answers where its job's apply form opens. */
export default apiRoute(
  handle(operations.acceptJobInvitation, ({ db, user, params }) =>
    acceptJobInvitation(db, user.id, params.invitationId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
