import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { updatePostAuthor } from "@/features/content/server/post-editor";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** PUT an author's changes (issue 64). */
export default apiRoute(
  handle(operations.updatePostAuthor, async ({ db, moderator, params, body }) =>
    updatePostAuthor(db, await moderatorActor(db, moderator), params.authorId, body),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
