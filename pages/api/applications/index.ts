import { parseNewApplication } from "@/lib/schemas/candidate";
import { callerOf, createdStatus, onJob, validBody } from "@/lib/server/candidates/candidate-api";
import { applyToJob, listApplications } from "@/lib/server/candidates/job-marks-service";
import { apiHandler } from "@/lib/server/http/handler";

export default apiHandler(
  {
    GET: async (req) => {
      const { db, user } = await callerOf(req);
      return { applications: await listApplications(db, user.id) };
    },
    POST: async (req, res) => {
      const { db, user } = await callerOf(req);
      const { job_id, status } = validBody(parseNewApplication(req.body));
      const { application, created } = await onJob(() => applyToJob(db, user.id, job_id, status));
      createdStatus(res, created);
      return { application };
    },
  },
  { personal: true },
);

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
