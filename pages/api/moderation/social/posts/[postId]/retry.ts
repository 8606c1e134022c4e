import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { getQueue } from "@/lib/server/queue/queue";
import { retrySocialPost } from "@/features/social/server/social-api";

/** POST, owners and moderators: a failed or skipped social post tried again. */
export default apiRoute(
  handle(operations.retrySocialPost, async ({ db, moderator, params }) =>
    retrySocialPost(db, await getQueue(), await moderatorActor(db, moderator), params.postId),
  ),
);

export const config = { api: { bodyParser: false } };
