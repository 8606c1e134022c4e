import { operations } from "@/lib/api/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { forgetJobPages } from "@/lib/server/jobs/forget-job-pages";
import { decide } from "@/lib/server/submissions/submissions-service";

/**
 * POST, moderators only: `{ decision: "approve" }`, `{ decision: "reject", reason }` or
 * `{ decision: "mark_paid" }` on a pending listing. Approval publishes it at once: the pages
 * it appears on are dropped from the page cache.
 */
export default apiRoute(
  handle(operations.decideListing, async ({ db, moderator, params, body }) => {
    const result = await decide(db, params.submissionId, body, moderator.email);
    if (body.decision === "approve") forgetJobPages(params.submissionId);
    return result;
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
