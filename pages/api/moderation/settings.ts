import { operations } from "@/lib/api-registry/operations";
import {
  readBoardSettings,
  updateBoardSettings,
} from "@/features/moderation/server/board-settings";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET and PUT, owners only: the board's name, tagline, hero text, contact address and links. */
export default apiRoute(
  handle(operations.getBoardSettings, ({ db }) => readBoardSettings(db)),
  handle(operations.updateBoardSettings, ({ db, moderator, body }) =>
    updateBoardSettings(db, moderator, body.settings),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
