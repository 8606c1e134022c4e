import { operations } from "@/lib/api-registry/operations";
import {
  MESSAGE_RATE_LIMIT,
  writeAndTellCandidate,
} from "@/features/applications/server/application-api";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** POST: the listing's employer writes to an applicant (201). */
export default apiRoute(
  handle(
    operations.writeToCandidate,
    async ({ db, user, member, params, body }) =>
      new Reply(201, {
        message: await writeAndTellCandidate(
          db,
          { user, member },
          params.listingId,
          params.applicationId,
          body.body,
        ),
      }),
    { limit: MESSAGE_RATE_LIMIT },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
