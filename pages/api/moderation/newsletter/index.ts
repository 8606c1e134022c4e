import { operations } from "@/lib/api-registry/operations";
import { listIssues } from "@/features/newsletter/server/issues";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET every issue of the newsletter; the board's editors and owners (issue 66). */
export default apiRoute(
  handle(operations.listNewsletterIssues, async ({ db }) => ({
    issues: await listIssues(db, new Date()),
  })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
