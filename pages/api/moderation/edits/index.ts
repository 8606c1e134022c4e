import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { editQueue } from "@/features/moderation/server/edit-review";

/** GET, moderators only: the edits of published listings waiting for review. */
export default apiRoute(
  handle(operations.getEditQueue, async ({ db }) => ({ edits: await editQueue(db) })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
