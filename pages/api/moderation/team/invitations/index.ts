import { operations } from "@/lib/api-registry/operations";
import { inviteToBoardAndTell } from "@/features/moderation/server/board-team-api";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** POST, owners only: invite an address to the board's team with a role. */
export default apiRoute(
  handle(
    operations.inviteToBoard,
    async ({ db, moderator, body }) =>
      new Reply(201, await inviteToBoardAndTell(db, moderator, body.invitation)),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
