import { operations } from "@/lib/api-registry/operations";
import { unhideJob } from "@/features/account/server/job-marks";
import { notFound } from "@/lib/server/errors";
import { apiRoute, handle } from "@/lib/server/http/api-route";

export default apiRoute(
  handle(operations.unhideJob, async ({ db, user, params: { jobId } }) => {
    if (!(await unhideJob(db, user.id, jobId))) throw notFound("Hidden job not found");
    return { job_id: jobId, hidden: false as const };
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
