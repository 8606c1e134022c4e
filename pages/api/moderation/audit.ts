import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { auditEntries } from "@/features/moderation/server/audit-log";

/** GET, moderators only: the audit log, newest first, 50 a page, of one subject or all. */
export default apiRoute(
  handle(operations.listAuditLog, ({ db, query }) => auditEntries(db, query)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
