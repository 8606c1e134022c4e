import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { disconnectSocialChannel } from "@/features/social/server/social-api";

/** DELETE, owners only: a social channel disconnected. */
export default apiRoute(
  handle(operations.disconnectSocialChannel, async ({ db, moderator, params }) =>
    disconnectSocialChannel(db, await moderatorActor(db, moderator), params.channel),
  ),
);

export const config = { api: { bodyParser: false } };
