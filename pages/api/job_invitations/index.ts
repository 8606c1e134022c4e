import { operations } from "@/lib/api-registry/operations";
import { listReceivedInvitations } from "@/features/directory/server/invitations-candidate";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET: the caller's invitations to apply, newest first. */
export default apiRoute(
  handle(operations.listReceivedInvitations, ({ db, user }) =>
    listReceivedInvitations(db, user.id),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
