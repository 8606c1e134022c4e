import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { refundAndRepay } from "@/features/moderation/server/invoices";

/** POST, moderators only: refund an invoice with a credit note (and through Stripe if paid there). */
export default apiRoute(
  handle(operations.refundInvoice, ({ db, moderator, params, body }) =>
    refundAndRepay(db, moderator, params.invoiceId, body.reason),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
