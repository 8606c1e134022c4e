import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { getQueue } from "@/lib/server/queue/queue";
import { IMPORT_RUN_LIMIT } from "@/features/imports/server/limits";
import { runSourceNow } from "@/features/imports/server/sources-api";

/** POST: read a source's board again now (owner and admins). */
export default apiRoute(
  handle(
    operations.runImport,
    async ({ db, user, member, params }) =>
      runSourceNow(db, await getQueue(), { user, member }, params.sourceId),
    { limit: IMPORT_RUN_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
