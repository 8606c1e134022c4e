import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { schedulePost } from "@/features/content/server/post-editor";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { getQueue } from "@/lib/server/queue/queue";

/** POST: the post is published at publish_at, by the job queue (issue 64). */
export default apiRoute(
  handle(operations.schedulePost, async ({ db, moderator, params, body }) =>
    schedulePost(
      db,
      await moderatorActor(db, moderator),
      params.postId,
      new Date(body.publish_at),
      () => getQueue(),
    ),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
