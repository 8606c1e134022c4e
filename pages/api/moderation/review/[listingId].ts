import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { decideAndTell } from "@/features/moderation/server/decision-api";

/**
 * POST, moderators only: `{ decision: "approve" }`, `{ decision: "reject", reason }` or
 * `{ decision: "mark_paid" }` on a pending listing. Approval publishes it at once: the pages
 * it appears on are dropped from the page cache. The employer is mailed the outcome (with the
 * live link, the moderator's reason, or a receipt), and the audit log records the decision.
 */
export default apiRoute(
  handle(operations.decideListing, ({ db, moderator, params, body }) =>
    decideAndTell(db, moderator, params.listingId, body),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
