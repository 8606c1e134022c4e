import { operations } from "@/lib/api-registry/operations";
import { withdrawFromBoard } from "@/features/moderation/server/board-team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** DELETE, owners only: withdraw a pending invitation to the board's team. */
export default apiRoute(
  handle(operations.withdrawBoardInvitation, ({ db, moderator, params }) =>
    withdrawFromBoard(db, moderator, params.invitationId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
