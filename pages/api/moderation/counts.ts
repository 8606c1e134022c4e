import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { moderationCounts } from "@/features/moderation/server/counts";

/** GET, moderators only: listings in review and awaiting payment, edits waiting, new enquiries. */
export default apiRoute(handle(operations.getModerationCounts, ({ db }) => moderationCounts(db)));

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
