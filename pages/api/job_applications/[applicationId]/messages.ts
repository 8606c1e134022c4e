import { operations } from "@/lib/api-registry/operations";
import {
  MESSAGE_RATE_LIMIT,
  writeAndTellEmployer,
} from "@/features/applications/server/application-api";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** POST: the candidate writes to the employer on their application (201). */
export default apiRoute(
  handle(
    operations.writeToEmployer,
    async ({ db, user, params, body }) =>
      new Reply(201, {
        message: await writeAndTellEmployer(db, user, params.applicationId, body.body),
      }),
    { limit: MESSAGE_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
