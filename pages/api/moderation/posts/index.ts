import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { createPost, listEditorPosts } from "@/features/content/server/post-editor";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** GET every post and author, POST a new draft; the board's editors (issue 64). */
export default apiRoute(
  handle(operations.listEditorPosts, ({ db }) => listEditorPosts(db)),
  handle(
    operations.createPost,
    async ({ db, moderator, body }) =>
      new Reply(201, await createPost(db, await moderatorActor(db, moderator), body)),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
