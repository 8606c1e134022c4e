import { operations } from "@/lib/api-registry/operations";
import { hideJob, listHiddenJobs } from "@/features/account/server/job-marks";
import { apiRoute, createdOrFound, handle } from "@/lib/server/http/api-route";

export default apiRoute(
  handle(operations.listHiddenJobs, async ({ db, user }) => ({
    hidden_jobs: await listHiddenJobs(db, user.id),
  })),
  handle(operations.hideJob, async ({ db, user, body: { job_id } }) =>
    createdOrFound(await hideJob(db, user.id, job_id), { job_id, hidden: true as const }),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
