import { operations } from "@/lib/api-registry/operations";
import { INVITATION_LOOKUP_LIMIT } from "@/features/companies/server/team-api";
import { joinBoard } from "@/features/moderation/server/board-team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: join the board's team (only with the invited address). */
export default apiRoute(
  handle(
    operations.acceptBoardInvitation,
    ({ db, user, body }) => joinBoard(db, user, body.token),
    {
      limit: INVITATION_LOOKUP_LIMIT,
    },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
