import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { setSocialMode } from "@/features/social/server/social-api";

/** PUT, owners only: what the board posts on its social channels. */
export default apiRoute(
  handle(operations.setSocialMode, async ({ db, moderator, body }) =>
    setSocialMode(db, await moderatorActor(db, moderator), body.mode),
  ),
);

export const config = { api: { bodyParser: false } };
