import { and, eq } from "drizzle-orm";
import type { Moderator } from "@/lib/server/auth/caller";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { recordAudit } from "@/lib/server/audit/audit";
import { findModeratorInvoice } from "@/features/billing/server/billing-api";
import { settleInvoice, summaryOf } from "@/features/billing/server/invoices";
import { mailIssuedDocumentsSoon } from "@/features/billing/server/invoice-mails";
import { refundInvoice, sendPendingRefunds } from "@/features/billing/server/refunds";
import type { Database } from "@/lib/server/db/client";
import { invoices } from "@/lib/server/db/schema";
import { conflict, notFound } from "@/lib/server/errors";
import { forgetJobPages } from "@/features/jobs/server/forget-job-pages";
import { listingNotices } from "@/features/listings/server/listing-notices";
import { upgradeOnceSettled } from "@/features/listings/server/upgrade";
import { setPaymentStatus } from "@/features/listings/server/listing-state";
import { withMail } from "@/lib/server/queue/queue";

/*
 * What moderators do with invoices (issue 45): record one paid by transfer (a listing waiting on
 * it counts as paid, and its employer is told, as the review queue's "mark paid" does), and
 * refund one (a credit note, and the card refund through Stripe after the commit).
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
    const mail = paidListing.length
      ? await listingNotices(tx, [paidListing[0]!.id], "payment-received")
      : [];
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
  const { creditNote, credited, revoked } = await refundInvoice(db, actor, invoiceId, reason, now);
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
