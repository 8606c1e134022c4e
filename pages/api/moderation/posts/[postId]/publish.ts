import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { publishPost } from "@/features/content/server/post-editor";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: the post is on the blog now (issue 64). */
export default apiRoute(
  handle(operations.publishPost, async ({ db, moderator, params }) =>
    publishPost(db, await moderatorActor(db, moderator), params.postId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
