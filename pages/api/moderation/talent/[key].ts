import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { moderatorProfile } from "@/features/moderation/server/directory-profiles";

/** GET: a public or employers-only profile, for a moderator; no view is counted. */
export default apiRoute(
  handle(operations.moderatorProfile, ({ db, params }) => moderatorProfile(db, params.key)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
