import { operations } from "@/lib/api-registry/operations";
import { applicantAfter, moveAndTell } from "@/features/applications/server/application-api";
import { getApplicant } from "@/features/applications/server/employer-pipeline";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET: one applicant, whole. PATCH: move them to a stage, with a message. */
export default apiRoute(
  handle(operations.getApplicant, async ({ db, user, member, params }) => ({
    applicant: await getApplicant(db, { user, member }, params.listingId, params.applicationId),
  })),
  handle(operations.moveApplicant, async ({ db, user, member, params, body }) => {
    const { listingId, applicationId } = params;
    await moveAndTell(db, { user, member }, listingId, [applicationId], body.stage, body.message);
    return { applicant: await applicantAfter(db, { user, member }, listingId, applicationId) };
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
