import { parseRecommendationsQuery } from "@/lib/schemas/candidate";
import { callerOf, validBody } from "@/lib/server/candidates/candidate-api";
import { recommendJobs } from "@/lib/server/candidates/preferences-service";
import { apiHandler } from "@/lib/server/http/handler";

export default apiHandler(
  {
    GET: async (req) => {
      const { db, user } = await callerOf(req);
      const { page } = validBody(parseRecommendationsQuery(req.query));
      return recommendJobs(db, user.id, page);
    },
  },
  { personal: true },
);

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
