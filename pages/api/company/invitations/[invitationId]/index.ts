import { operations } from "@/lib/api-registry/operations";
import { withdraw } from "@/features/companies/server/team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** DELETE: withdraw a pending invitation (owner and admins). */
export default apiRoute(
  handle(operations.withdrawInvitation, ({ db, user, member, params }) =>
    withdraw(db, { user, member }, params.invitationId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
