import { operations } from "@/lib/api-registry/operations";
import { moveAndTell } from "@/features/applications/server/application-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: several applicants Not selected at once, each mailed the message. */
export default apiRoute(
  handle(operations.rejectApplicants, async ({ db, user, member, params, body }) => ({
    applicants: await moveAndTell(
      db,
      { user, member },
      params.listingId,
      body.ids,
      "not_selected",
      body.message,
    ),
  })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
