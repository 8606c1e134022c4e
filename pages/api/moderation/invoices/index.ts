import { operations } from "@/lib/api-registry/operations";
import { moderatorInvoices } from "@/features/moderation/server/invoices";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET, moderators only: invoices, unpaid by default, newest first. */
export default apiRoute(
  handle(operations.listInvoices, ({ db, query }) => moderatorInvoices(db, query)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
