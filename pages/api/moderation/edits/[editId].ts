import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { decideEditAndForget } from "@/features/moderation/server/edit-api";

/**
 * POST, moderators only: approve an edit of a published listing (it shows at once: its pages
 * are dropped from the page cache) or reject it with a reason the employer reads.
 */
export default apiRoute(
  handle(operations.decideEdit, ({ db, moderator, params, body }) =>
    decideEditAndForget(db, moderator, params.editId, body),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
