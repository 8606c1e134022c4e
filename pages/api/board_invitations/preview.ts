import { operations } from "@/lib/api-registry/operations";
import { INVITATION_LOOKUP_LIMIT } from "@/features/companies/server/team-api";
import { previewForBoard } from "@/features/moderation/server/board-team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: what an invitation to the board's team offers, to the signed-in person with its link. */
export default apiRoute(
  handle(
    operations.previewBoardInvitation,
    ({ db, user, body }) => previewForBoard(db, user, body.token),
    { limit: INVITATION_LOOKUP_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
