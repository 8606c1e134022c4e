import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { getQueue } from "@/lib/server/queue/queue";
import { changeSource, removeSource } from "@/features/imports/server/sources-api";

/** PATCH: change, pause or resume a source; DELETE: stop importing it (owner and admins). */
export default apiRoute(
  handle(operations.changeImport, async ({ db, user, member, params, body }) =>
    changeSource(db, await getQueue(), { user, member }, params.sourceId, body),
  ),
  handle(operations.removeImport, ({ db, user, member, params }) =>
    removeSource(db, { user, member }, params.sourceId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
