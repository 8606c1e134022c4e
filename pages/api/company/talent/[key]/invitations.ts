import { operations } from "@/lib/api-registry/operations";
import { inviteCandidate } from "@/features/directory/server/invitations-employer";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** POST: invite a candidate of the directory to apply to a live listing (recruiters and above). */
export default apiRoute(
  handle(
    operations.inviteCandidate,
    async ({ db, user, member, params, body }) =>
      new Reply(201, await inviteCandidate(db, { user, member }, params.key, body)),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
