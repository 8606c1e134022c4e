import { requireModerator } from "@/lib/server/auth/require-moderator";
import { getDatabase } from "@/lib/server/db";
import { apiHandler } from "@/lib/server/http/handler";
import { reviewQueue } from "@/lib/server/submissions/submissions-service";

/** GET, moderators only: the listings waiting for review, and those waiting for payment. */
export default apiHandler(
  {
    GET: async (req) => {
      await requireModerator(req);
      return reviewQueue(await getDatabase());
    },
  },
  { personal: true },
);

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
