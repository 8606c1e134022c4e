import { callerOf } from "@/lib/server/candidates/candidate-api";
import { getJobMarks } from "@/lib/server/candidates/job-marks-service";
import { apiHandler } from "@/lib/server/http/handler";

export default apiHandler(
  {
    GET: async (req) => {
      const { db, user } = await callerOf(req);
      return getJobMarks(db, user.id);
    },
  },
  { personal: true },
);

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
