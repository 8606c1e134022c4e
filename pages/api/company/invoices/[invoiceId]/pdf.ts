import { operations } from "@/lib/api-registry/operations";
import { invoicePdf } from "@/features/billing/server/billing-api";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";
import { pdfHeaders } from "@/features/billing/server/pdf-headers";

/**
 * GET: one of the company's invoices or credit notes as a PDF, for its owner and admins only,
 * never cached (the pipeline's default `private, no-store`).
 */
export default apiRoute(
  handle(operations.getInvoicePdf, async ({ db, member, params }) => {
    const pdf = await invoicePdf(db, params.invoiceId, member.companyId);
    return new FileReply(pdf.bytes, pdfHeaders(pdf.filename));
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
