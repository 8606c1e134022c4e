import { operations } from "@/lib/api-registry/operations";
import { invoicePdf } from "@/features/billing/server/billing-api";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";
import { pdfHeaders } from "@/features/billing/server/pdf-headers";

/** GET, moderators only: any invoice or credit note as a PDF, never cached. */
export default apiRoute(
  handle(operations.getModeratorInvoicePdf, async ({ db, params }) => {
    const pdf = await invoicePdf(db, params.invoiceId, null);
    return new FileReply(pdf.bytes, pdfHeaders(pdf.filename));
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
