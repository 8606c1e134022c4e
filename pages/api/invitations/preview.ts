import { operations } from "@/lib/api-registry/operations";
import { previewInvitation } from "@/features/companies/server/team";
import { INVITATION_LOOKUP_LIMIT } from "@/features/companies/server/team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: what an invitation's link offers, to the signed-in person who opened it. */
export default apiRoute(
  handle(
    operations.previewInvitation,
    async ({ db, user, body }) => ({
      invitation: await previewInvitation(db, user, body.token),
    }),
    { limit: INVITATION_LOOKUP_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
