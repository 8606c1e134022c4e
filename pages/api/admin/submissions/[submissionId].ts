import { operations } from "@/lib/api/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { recordAudit } from "@/lib/server/audit/audit";
import { queueSearchEngineNotices, searchEngineQueue } from "@/lib/server/indexing/enqueue";
import { forgetJobPages } from "@/lib/server/jobs/forget-job-pages";
import { moderatorActor } from "@/lib/server/moderation/actor";
import { listingNotices } from "@/lib/server/queue/notices";
import { withMail } from "@/lib/server/queue/queue";
import { decide } from "@/lib/server/submissions/submissions-service";

/** What the employer is told of each decision. */
const NOTICES = {
  approve: "listing-approved",
  reject: "listing-rejected",
  mark_paid: "payment-received",
} as const;

/**
 * POST, moderators only: `{ decision: "approve" }`, `{ decision: "reject", reason }` or
 * `{ decision: "mark_paid" }` on a pending listing. Approval publishes it at once: the pages
 * it appears on are dropped from the page cache. The employer is mailed the outcome (with the
 * live link, the moderator's reason, or a receipt), and the audit log records the decision.
 */
export default apiRoute(
  handle(operations.decideListing, async ({ db, moderator, params, body }) => {
    // The decision, its audit entry, the employer's mail and (for an approval) the search
    // engines' notices are one transaction: all or none.
    const indexing = await searchEngineQueue();
    const result = await withMail(db, async (tx) => {
      const decided = await decide(tx, params.submissionId, body, moderator.email);
      if (body.decision === "approve") {
        await queueSearchEngineNotices(indexing, tx, [params.submissionId]);
      }
      await recordAudit(tx, await moderatorActor(tx, moderator), {
        action: `listing.${body.decision}`,
        subjectType: "listing",
        subjectId: params.submissionId,
        detail: body.decision === "reject" ? { reason: body.reason } : {},
      });
      return {
        result: decided,
        mail: await listingNotices(tx, [params.submissionId], NOTICES[body.decision]),
      };
    });
    if (body.decision === "approve") forgetJobPages(params.submissionId);
    return result;
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
