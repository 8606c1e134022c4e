import { operations } from "@/lib/api-registry/operations";
import { boardTeam } from "@/features/moderation/server/board-team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET, owners only: the board's own team. */
export default apiRoute(
  handle(operations.getBoardTeam, ({ db, moderator }) => boardTeam(db, moderator)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
