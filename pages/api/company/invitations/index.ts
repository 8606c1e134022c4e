import { operations } from "@/lib/api-registry/operations";
import { inviteAndTell } from "@/features/companies/server/team-api";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** POST: invite an address to the team (owner and admins). */
export default apiRoute(
  handle(
    operations.inviteMember,
    async ({ db, user, member, body }) =>
      new Reply(
        201,
        await inviteAndTell(db, { user, member }, body.invitation.email, body.invitation.role),
      ),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
