import { parseDecision } from "@/lib/schemas/moderation";
import { requireModerator } from "@/lib/server/auth/require-moderator";
import { idParam, validBody } from "@/lib/server/candidates/candidate-api";
import { getDatabase } from "@/lib/server/db";
import { apiHandler } from "@/lib/server/http/handler";
import { forgetJobPages } from "@/lib/server/jobs/forget-job-pages";
import { decide } from "@/lib/server/submissions/submissions-service";

/**
 * POST, moderators only: `{ decision: "approve" }`, `{ decision: "reject", reason }` or
 * `{ decision: "mark_paid" }` on a pending listing. Approval publishes it at once: the pages
 * it appears on are dropped from the page cache.
 */
export default apiHandler(
  {
    POST: async (req) => {
      const moderator = await requireModerator(req);
      const jobId = idParam(req, "submissionId", "Listing");
      const decision = validBody(parseDecision(req.body));
      const result = await decide(await getDatabase(), jobId, decision, moderator);
      if (decision.decision === "approve") forgetJobPages(jobId);
      return result;
    },
  },
  { personal: true },
);

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
