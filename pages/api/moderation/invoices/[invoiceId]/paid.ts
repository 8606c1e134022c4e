import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { markInvoicePaid } from "@/features/moderation/server/invoices";

/** POST, moderators only: record an invoice due as paid by transfer. */
export default apiRoute(
  handle(operations.markInvoicePaid, ({ db, moderator, params }) =>
    markInvoicePaid(db, moderator, params.invoiceId),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
