import { operations } from "@/lib/api-registry/operations";
import { deleteApplication, updateApplication } from "@/features/account/server/job-marks";
import { notFound } from "@/lib/server/errors";
import { apiRoute, handle } from "@/lib/server/http/api-route";

export default apiRoute(
  handle(operations.updateApplication, async ({ db, user, params, body }) => {
    const application = await updateApplication(db, user.id, params.applicationId, body.status);
    if (!application) throw notFound("Application not found");
    return { application };
  }),
  handle(operations.deleteApplication, async ({ db, user, params: { applicationId } }) => {
    if (!(await deleteApplication(db, user.id, applicationId))) {
      throw notFound("Application not found");
    }
    return { id: applicationId, deleted: true as const };
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
