import { operations } from "@/lib/api-registry/operations";
import { addApplicantNote } from "@/features/applications/server/employer-pipeline";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** POST: a private note on an applicant (201). */
export default apiRoute(
  handle(
    operations.addApplicantNote,
    async ({ db, user, member, params, body }) =>
      new Reply(201, {
        note: await addApplicantNote(
          db,
          { user, member },
          params.listingId,
          params.applicationId,
          body.body,
        ),
      }),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
