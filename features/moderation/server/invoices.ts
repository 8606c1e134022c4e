import { and, desc, eq, isNotNull, lt } from "drizzle-orm";
import type { z } from "zod";
import type { CreditStanding, moderatorInvoicesQuerySchema } from "@/features/billing/api-schemas";
import type { Moderator } from "@/lib/server/auth/caller";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { recordAudit } from "@/lib/server/audit/audit";
import { creditStanding } from "@/features/billing/server/credit-limit";
import {
  invoicesWithCompanies,
  settleInvoice,
  summaryOf,
  unpaidInvoice,
  unpaidInvoiceOf,
  type InvoiceRow,
} from "@/features/billing/server/invoices";
import { mailIssuedDocumentsSoon } from "@/features/billing/server/invoice-mails";
import { refundInvoice, sendPendingRefunds } from "@/features/billing/server/refunds";
import { subscriptionInvoiceSettled } from "@/features/billing/server/subscription-past-due";
import type { Database } from "@/lib/server/db/client";
import { invoices } from "@/lib/server/db/schema";
import { conflict, notFound } from "@/lib/server/errors";
import { forgetJobPages } from "@/features/jobs/server/forget-job-pages";
import { listingNotices } from "@/features/listings/server/listing-notices";
import { upgradeOnceSettled } from "@/features/listings/server/upgrade";
import { setPaymentStatus } from "@/features/listings/server/listing-state";
import { invoiceCancelledUnpaid } from "@/features/listings/server/listing-payment";
import { withMail } from "@/lib/server/queue/queue";

/*
 * What moderators do with invoices (issue 45): list every company's, record one paid by transfer
 * (a listing waiting on it counts as paid, and its employer is told, as the review queue's "mark
 * paid" does: settleListingInvoice), and refund one (a credit note, and the card refund through
 * Stripe after the commit).
 */

export async function markInvoicePaid(
  db: Database,
  moderator: Moderator,
  invoiceId: number,
  now: Date = new Date(),
) {
  const upgraded = await withMail(db, async (tx) => {
    const settled = await settleInvoice(tx, invoiceId, now);
    if (!settled) {
      const [exists] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.kind, "invoice")));
      if (!exists) throw notFound("No such invoice");
      throw conflict("This invoice was paid or credited already");
    }
    const paidListing =
      settled.jobId !== null && ["listing", "renewal"].includes(settled.purpose)
        ? await setPaymentStatus(tx, settled.jobId, "paid", { onlyIf: "invoice_due", now })
        : [];
    await recordAudit(tx, await moderatorActor(tx, moderator), {
      action: "billing.paid",
      subjectType: "invoice",
      subjectId: invoiceId,
      companyId: settled.companyId,
      detail: { number: settled.number },
    });
    const mail = [
      ...(paidListing.length
        ? await listingNotices(tx, [paidListing[0]!.id], "payment-received")
        : []),
      // A subscription this invoice made past due is active again (issue 63).
      ...(await subscriptionInvoiceSettled(tx, settled, now)),
    ];
    // An upgrade beyond the company's credit limit waited for this payment (issue 60).
    return { result: await upgradeOnceSettled(tx, settled, now), mail };
  });
  if (upgraded !== null) forgetJobPages(upgraded);
  return findModeratorInvoice(db, invoiceId, now);
}

export async function refundAndRepay(
  db: Database,
  moderator: Moderator,
  invoiceId: number,
  reason: string,
  now: Date = new Date(),
) {
  const actor = await moderatorActor(db, moderator);
  const { creditNote, credited, revoked } = await refundInvoice(
    db,
    actor,
    invoiceId,
    reason,
    invoiceCancelledUnpaid,
    now,
  );
  await mailIssuedDocumentsSoon();
  if (creditNote.refundStatus === "pending") {
    // Tried at once so the moderator sees Stripe's answer; the upkeep task tries again if not.
    await sendPendingRefunds(db, creditNote.id).catch((error: unknown) => {
      console.error(`Stripe refund for credit note ${creditNote.number} not sent yet`, error);
    });
  }
  const [latest] = await db.select().from(invoices).where(eq(invoices.id, creditNote.id));
  return {
    credit_note: summaryOf(latest!, credited.number, "moderator", now),
    revoked_credits: revoked,
  };
}

/** A moderator records a listing's invoice paid by transfer (the listing's "mark paid"). */
export async function settleListingInvoice(tx: Database, jobId: number, now: Date) {
  const invoice = await unpaidInvoiceOf(tx, jobId);
  if (invoice) await settleInvoice(tx, invoice.id, now);
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
