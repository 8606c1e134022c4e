import { parseJobReference } from "@/lib/schemas/candidate";
import { callerOf, createdStatus, onJob, validBody } from "@/lib/server/candidates/candidate-api";
import { listSavedJobs, saveJob } from "@/lib/server/candidates/job-marks-service";
import { apiHandler } from "@/lib/server/http/handler";

export default apiHandler(
  {
    GET: async (req) => {
      const { db, user } = await callerOf(req);
      return { saved_jobs: await listSavedJobs(db, user.id) };
    },
    POST: async (req, res) => {
      const { db, user } = await callerOf(req);
      const { job_id } = validBody(parseJobReference(req.body));
      createdStatus(res, await onJob(() => saveJob(db, user.id, job_id)));
      return { job_id, saved: true };
    },
  },
  { personal: true },
);
