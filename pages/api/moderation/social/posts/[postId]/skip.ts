import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { skipSocialPost } from "@/features/social/server/social-api";

/** POST, owners and moderators: a waiting or failed social post left unposted. */
export default apiRoute(
  handle(operations.skipSocialPost, async ({ db, moderator, params }) =>
    skipSocialPost(db, await moderatorActor(db, moderator), params.postId),
  ),
);

export const config = { api: { bodyParser: false } };
