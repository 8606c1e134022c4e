import { operations } from "@/lib/api-registry/operations";
import { readIssue, updateIssue } from "@/features/newsletter/server/issues";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET one issue, PATCH a coming one's subject, intro and order; editors and owners (issue 66). */
export default apiRoute(
  handle(operations.getNewsletterIssue, ({ db, params }) =>
    readIssue(db, params.issueId, new Date()),
  ),
  handle(operations.updateNewsletterIssue, async ({ db, moderator, params, body }) =>
    updateIssue(db, params.issueId, body, await moderatorActor(db, moderator), new Date()),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
