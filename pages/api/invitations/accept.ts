import { operations } from "@/lib/api-registry/operations";
import { accept, INVITATION_LOOKUP_LIMIT } from "@/features/companies/server/team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: join the company an invitation is for (only with the invited address). */
export default apiRoute(
  handle(operations.acceptTeamInvitation, ({ db, user, body }) => accept(db, user, body.token), {
    limit: INVITATION_LOOKUP_LIMIT,
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
