import { operations } from "@/lib/api-registry/operations";
import {
  APPLICATION_RATE_LIMIT,
  applyOnBoard,
} from "@/features/applications/server/application-api";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** POST: apply to the job on the board (201). */
export default apiRoute(
  handle(
    operations.applyOnBoard,
    async ({ db, user, params, body }) =>
      new Reply(201, { application: await applyOnBoard(db, user, params.jobId, body) }),
    { limit: APPLICATION_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
