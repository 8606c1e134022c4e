import { and, desc, eq } from "drizzle-orm";
import type { Member } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { invoices } from "@/lib/server/db/schema";
import { notFound } from "@/lib/server/errors";
import { creditsOnHold } from "./credit-limit";
import { companyCredits, creditBalance } from "./credits";
import { documentOf, invoicesWithCredited, summaryOf } from "./invoices";
import { readOffer } from "./offer";
import { howCompanyPays, paymentTermsJson } from "./payment-terms";

/*
 * What the billing API answers (issue 45): a company's invoices, credits and terms for its
 * owner and admins; a document's PDF for them or a moderator (every company's invoices for
 * moderators: features/moderation/server/invoices.ts).
 */

/** The Billing page's content: invoices and credit notes, credits, balance and terms. */
export async function billingOverview(db: Database, member: Member, now: Date = new Date()) {
  const hold = await creditsOnHold(db, member.companyId, now);
  const [rows, credits, balance, how, offer] = await Promise.all([
    invoicesWithCredited(db)
      .where(eq(invoices.companyId, member.companyId))
      .orderBy(desc(invoices.issuedAt), desc(invoices.id)),
    companyCredits(db, member.companyId, now, hold),
    creditBalance(db, member.companyId, now, hold),
    howCompanyPays(db, member.companyId),
    readOffer(db),
  ]);
  const { companyId: _, ...standing } = hold.standing;
  return {
    invoices: rows.map((row) => summaryOf(row.invoice, row.creditedNumber, "company", now)),
    credits,
    balance,
    payment: paymentTermsJson(how),
    standing,
    offer,
  };
}

/** An invoice or credit note as a PDF: the company's own (`companyId`), or any (null). */
export async function invoicePdf(db: Database, invoiceId: number, companyId: number | null) {
  const [row] = await invoicesWithCredited(db).where(
    and(
      eq(invoices.id, invoiceId),
      companyId === null ? undefined : eq(invoices.companyId, companyId),
    ),
  );
  if (!row) throw notFound("No such invoice");
  // Rendering loads pdfkit and a font: only when someone asks for a PDF.
  const { renderInvoicePdf } = await import("./invoice-pdf");
  const bytes = await renderInvoicePdf(documentOf(row.invoice, row.creditedNumber));
  return {
    bytes,
    filename: `${row.invoice.kind === "invoice" ? "invoice" : "credit-note"}-${row.invoice.number}.pdf`,
  };
}
