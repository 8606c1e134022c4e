import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { testSocialChannel } from "@/features/social/server/social-api";

/** POST, owners only: a test post on a connected channel. */
export default apiRoute(
  handle(operations.testSocialChannel, async ({ db, moderator, params }) =>
    testSocialChannel(db, await moderatorActor(db, moderator), params.channel),
  ),
);

export const config = { api: { bodyParser: false } };
