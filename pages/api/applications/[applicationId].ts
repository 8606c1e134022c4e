import { parseApplicationUpdate } from "@/lib/schemas/candidate";
import { callerOf, idParam, validBody } from "@/lib/server/candidates/candidate-api";
import { deleteApplication, updateApplication } from "@/lib/server/candidates/job-marks-service";
import { notFound } from "@/lib/server/http/errors";
import { apiHandler } from "@/lib/server/http/handler";

export default apiHandler(
  {
    PATCH: async (req) => {
      const { db, user } = await callerOf(req);
      const id = idParam(req, "applicationId", "Application");
      const { status } = validBody(parseApplicationUpdate(req.body));
      const application = await updateApplication(db, user.id, id, status);
      if (!application) throw notFound("Application not found");
      return { application };
    },
    DELETE: async (req) => {
      const { db, user } = await callerOf(req);
      const id = idParam(req, "applicationId", "Application");
      if (!(await deleteApplication(db, user.id, id))) throw notFound("Application not found");
      return { id, deleted: true };
    },
  },
  { personal: true },
);

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
