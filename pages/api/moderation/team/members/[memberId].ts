import { operations } from "@/lib/api-registry/operations";
import { changeRoleOnBoard, removeFromBoard } from "@/features/moderation/server/board-team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** PATCH: another role for a member of the board's team; DELETE: remove them (owners only). */
export default apiRoute(
  handle(operations.changeBoardRole, ({ db, moderator, params, body }) =>
    changeRoleOnBoard(db, moderator, params.memberId, body.member.role),
  ),
  handle(operations.removeBoardMember, ({ db, moderator, params }) =>
    removeFromBoard(db, moderator, params.memberId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
