import { and, desc, eq, isNotNull, lt } from "drizzle-orm";
import type { z } from "zod";
import type { CreditStanding, moderatorInvoicesQuerySchema } from "@/features/billing/api-schemas";
import type { Member } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import { invoices } from "@/lib/server/db/schema";
import { notFound } from "@/lib/server/errors";
import { creditStanding, creditsOnHold } from "./credit-limit";
import { companyCredits, creditBalance } from "./credits";
import {
  documentOf,
  invoicesWithCompanies,
  invoicesWithCredited,
  summaryOf,
  unpaidInvoice,
  type InvoiceRow,
} from "./invoices";
import { howCompanyPays, paymentTermsJson } from "./payment-terms";

/*
 * What the billing API answers (issue 45): a company's invoices, credits and terms for its
 * owner and admins; every company's invoices for moderators; a document's PDF for either.
 */

/** The Billing page's content: invoices and credit notes, credits, balance and terms. */
export async function billingOverview(db: Database, member: Member, now: Date = new Date()) {
  const hold = await creditsOnHold(db, member.companyId, now);
  const [rows, credits, balance, how] = await Promise.all([
    invoicesWithCredited(db)
      .where(eq(invoices.companyId, member.companyId))
      .orderBy(desc(invoices.issuedAt), desc(invoices.id)),
    companyCredits(db, member.companyId, now, hold),
    creditBalance(db, member.companyId, now, hold),
    howCompanyPays(db, member.companyId),
  ]);
  const { companyId: _, ...standing } = hold.standing;
  return {
    invoices: rows.map((row) => summaryOf(row.invoice, row.creditedNumber, "company", now)),
    credits,
    balance,
    payment: paymentTermsJson(how),
    standing,
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

type Filter = z.output<typeof moderatorInvoicesQuerySchema>;

/** Invoices for moderators, newest first, with their companies. */
export async function moderatorInvoices(db: Database, filter: Filter, now: Date = new Date()) {
  const rows = await invoicesWithCompanies(db)
    .where(
      and(
        filter.status === "unpaid" ? unpaidInvoice : undefined,
        filter.status === "overdue"
          ? and(unpaidInvoice, isNotNull(invoices.dueAt), lt(invoices.dueAt, now))
          : undefined,
        filter.company === undefined ? undefined : eq(invoices.companyId, filter.company),
      ),
    )
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(500);
  const standings = new Map<number, CreditStanding>();
  for (const id of new Set(rows.map((row) => row.company.id))) {
    standings.set(id, await standingJson(db, id, now));
  }
  return {
    invoices: rows.map((row) =>
      moderatorInvoice(
        row.invoice,
        row.creditedNumber,
        row.company,
        standings.get(row.company.id)!,
        now,
      ),
    ),
  };
}

/** A company's standing as the API answers it. */
async function standingJson(db: Database, companyId: number, now: Date): Promise<CreditStanding> {
  const { companyId: _, ...standing } = await creditStanding(db, companyId, now);
  return standing;
}

const moderatorInvoice = (
  invoice: InvoiceRow,
  creditedNumber: string | null,
  company: { id: number; name: string; slug: string; terms_days: number | null },
  standing: CreditStanding,
  now?: Date,
) => ({
  ...summaryOf(invoice, creditedNumber, "moderator", now),
  company: { ...company, standing },
  overdue_at: invoice.overdueAt?.toISOString() ?? null,
});

/** One invoice as moderators list it. */
export async function findModeratorInvoice(
  db: Database,
  invoiceId: number,
  now: Date = new Date(),
) {
  const [row] = await invoicesWithCompanies(db).where(eq(invoices.id, invoiceId));
  if (!row) throw notFound("No such invoice");
  return moderatorInvoice(
    row.invoice,
    row.creditedNumber,
    row.company,
    await standingJson(db, row.company.id, now),
    now,
  );
}
