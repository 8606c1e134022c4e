import { callerOf, idParam } from "@/lib/server/candidates/candidate-api";
import { unsaveJob } from "@/lib/server/candidates/job-marks-service";
import { notFound } from "@/lib/server/http/errors";
import { apiHandler } from "@/lib/server/http/handler";

export default apiHandler(
  {
    DELETE: async (req) => {
      const { db, user } = await callerOf(req);
      const jobId = idParam(req, "jobId", "Saved job");
      if (!(await unsaveJob(db, user.id, jobId))) throw notFound("Saved job not found");
      return { job_id: jobId, saved: false };
    },
  },
  { personal: true },
);
