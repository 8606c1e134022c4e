import { operations } from "@/lib/api-registry/operations";
import { resendBoardInvitationAndTell } from "@/features/moderation/server/board-team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST, owners only: send a pending invitation to the board's team again, with a new link. */
export default apiRoute(
  handle(operations.resendBoardInvitation, ({ db, moderator, params }) =>
    resendBoardInvitationAndTell(db, moderator, params.invitationId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
