import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { getQueue } from "@/lib/server/queue/queue";
import { approveSource } from "@/features/moderation/server/import-sources";

/** POST, moderators only: approve a source's first import. */
export default apiRoute(
  handle(operations.approveImport, async ({ db, moderator, params }) =>
    approveSource(db, await getQueue(), moderator, params.sourceId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
