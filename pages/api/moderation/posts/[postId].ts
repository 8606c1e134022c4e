import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { deletePost, getEditorPost, updatePost } from "@/features/content/server/post-editor";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET one post, PUT its changes, DELETE it (off the blog only); the board's editors (issue 64). */
export default apiRoute(
  handle(operations.getEditorPost, ({ db, params }) => getEditorPost(db, params.postId)),
  handle(operations.updatePost, async ({ db, moderator, params, body }) =>
    updatePost(db, await moderatorActor(db, moderator), params.postId, body),
  ),
  handle(operations.deletePost, async ({ db, moderator, params }) =>
    deletePost(db, await moderatorActor(db, moderator), params.postId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
