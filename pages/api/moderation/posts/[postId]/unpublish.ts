import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { unpublishPost } from "@/features/content/server/post-editor";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: the post leaves the blog (or the schedule) at once (issue 64). */
export default apiRoute(
  handle(operations.unpublishPost, async ({ db, moderator, params }) =>
    unpublishPost(db, await moderatorActor(db, moderator), params.postId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
