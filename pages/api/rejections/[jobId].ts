import { callerOf, idParam } from "@/lib/server/candidates/candidate-api";
import { unhideJob } from "@/lib/server/candidates/job-marks-service";
import { notFound } from "@/lib/server/http/errors";
import { apiHandler } from "@/lib/server/http/handler";

export default apiHandler(
  {
    DELETE: async (req) => {
      const { db, user } = await callerOf(req);
      const jobId = idParam(req, "jobId", "Hidden job");
      if (!(await unhideJob(db, user.id, jobId))) throw notFound("Hidden job not found");
      return { job_id: jobId, hidden: false };
    },
  },
  { personal: true },
);
