import { operations } from "@/lib/api-registry/operations";
import { applyToJob, listApplications } from "@/features/account/server/job-marks";
import { apiRoute, createdOrFound, handle } from "@/lib/server/http/api-route";

export default apiRoute(
  handle(operations.listApplications, async ({ db, user }) => ({
    applications: await listApplications(db, user.id),
  })),
  handle(operations.applyToJob, async ({ db, user, body: { job_id, status } }) => {
    const { application, created } = await applyToJob(db, user.id, job_id, status);
    return createdOrFound(created, { application });
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
