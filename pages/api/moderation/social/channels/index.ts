import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { connectSocialChannel, readSocialChannels } from "@/features/social/server/social-api";

/** GET and PUT, owners only: the social channels connected, and connecting one. */
export default apiRoute(
  handle(operations.getSocialChannels, ({ db }) => readSocialChannels(db)),
  handle(operations.connectSocialChannel, async ({ db, moderator, body }) =>
    connectSocialChannel(db, await moderatorActor(db, moderator), body.connection),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
