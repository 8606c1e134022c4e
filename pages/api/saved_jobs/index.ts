import { operations } from "@/lib/api-registry/operations";
import { listSavedJobs, saveJob } from "@/features/account/server/job-marks";
import { apiRoute, createdOrFound, handle } from "@/lib/server/http/api-route";

export default apiRoute(
  handle(operations.listSavedJobs, async ({ db, user }) => ({
    saved_jobs: await listSavedJobs(db, user.id),
  })),
  handle(operations.saveJob, async ({ db, user, body: { job_id } }) =>
    createdOrFound(await saveJob(db, user.id, job_id), { job_id, saved: true as const }),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
