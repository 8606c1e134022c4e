import { and, eq, isNull, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { InvoiceLine } from "@/features/billing/documents";
import { recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import type { Database } from "@/lib/server/db/client";
import { invoices } from "@/lib/server/db/schema";
import { conflict, notFound } from "@/lib/server/errors";
import { createRefund, stripeClient } from "./stripe";
import { creditsOfInvoice, revokeUnspent } from "./credits";
import { nextInvoiceNumber } from "./invoice-numbers";
import type { InvoiceRow } from "./invoices";

/*
 * Refunds (issue 45). A moderator refunds an invoice: the board issues a credit note, numbered in
 * its own yearly series, that points to the invoice and takes back its amount (a listing's
 * whole; a pack's share of the credits not yet spent, which are taken back with it). The money
 * goes back through Stripe where it was paid there, under a key made from the credit note, so a
 * retry is the same refund; an unpaid invoice is cancelled by its credit note, and money paid by
 * transfer goes back by transfer, outside the board.
 */

/** `value` × `part` / `whole`, rounded half away from zero, in integers. */
const share = (value: number, part: number, whole: number) =>
  Math.sign(value) * Math.floor((Math.abs(value) * part * 2 + whole) / (2 * whole));

/** The credit note's lines: the invoice's, negated, or one line for a share of a pack. */
function creditLines(
  invoice: InvoiceRow,
  part: number,
  whole: number,
  unit = "listings",
): InvoiceLine[] {
  if (part === whole) {
    return invoice.lines.map((line) => ({
      ...line,
      unit_minor: -line.unit_minor,
      net_minor: -line.net_minor,
      tax_minor: -line.tax_minor,
      total_minor: -line.total_minor,
    }));
  }
  const [first] = invoice.lines;
  const net = -share(invoice.subtotalMinor, part, whole);
  const tax = -share(invoice.taxMinor, part, whole);
  return [
    {
      description: `Unused: ${part} of ${whole} ${unit} of ${first!.description}`,
      quantity: 1,
      unit_minor: net,
      net_minor: net,
      tax_rate_bp: first!.tax_rate_bp,
      tax_minor: tax,
      total_minor: net + tax,
      currency: invoice.currency,
      ...(first!.product && { product: first!.product }),
    },
  ];
}

/**
 * What the listing's side does when a credit note cancels a listing's invoice unpaid: listings'
 * `invoiceCancelledUnpaid` (nothing is owed for it any more). Billing is below listings, so the
 * caller brings it; refundInvoice runs it in the refund's transaction, once, as it issues the
 * credit note.
 */
export type ListingInvoiceCancelled = (tx: Database, jobId: number, now: Date) => Promise<unknown>;

/**
 * Issues the credit note that refunds `invoiceId`: 404 for no such invoice, 409 when nothing is
 * left to refund. The Stripe refund, where there is one to make, is left pending for
 * sendPendingRefunds (after this commits).
 */
export async function refundInvoice(
  db: Database,
  actor: AuditActor,
  invoiceId: number,
  reason: string,
  listingInvoiceCancelled: ListingInvoiceCancelled,
  now: Date = new Date(),
): Promise<{ creditNote: InvoiceRow; credited: InvoiceRow; revoked: number }> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.kind, "invoice")))
      .for("update");
    if (!invoice) throw notFound("No such invoice");
    if (invoice.creditedMinor > 0) throw conflict("This invoice was refunded already");
    let [part, whole, revoked] = [1, 1, 0];
    if (invoice.purpose === "pack") {
      // The credits it sold, as many as the pack held when bought.
      whole = Math.max(await creditsOfInvoice(tx, invoice.id), 1);
      revoked = await revokeUnspent(tx, invoice.id, now);
      if (revoked === 0) {
        throw conflict(
          "Every listing in this pack was used or has expired: nothing is left to refund",
        );
      }
      part = revoked;
    }
    const { creditNote, credited } = await insertCreditNote(
      tx,
      actor,
      invoice,
      creditLines(invoice, part, whole),
      reason,
      now,
    );
    // Nothing is owed any more for a listing whose invoice was cancelled unpaid.
    if (invoice.paidAt === null && invoice.jobId !== null) {
      await listingInvoiceCancelled(tx, invoice.jobId, now);
    }
    await recordAudit(tx, actor, {
      action: "billing.refund",
      subjectType: "invoice",
      subjectId: invoice.id,
      companyId: invoice.companyId,
      detail: {
        invoice: invoice.number,
        credit_note: creditNote.number,
        amount_minor: creditNote.totalMinor,
        reason,
      },
    });
    return { creditNote, credited, revoked };
  });
}

/**
 * Issues the credit note of `lines` (negative) for `invoice`, numbered in the credit notes'
 * series, and records what it credits on the invoice; call it in the transaction that locked
 * the invoice. A card payment's money goes back through Stripe (pending for sendPendingRefunds).
 */
async function insertCreditNote(
  tx: Database,
  actor: AuditActor,
  invoice: InvoiceRow,
  lines: InvoiceLine[],
  reason: string,
  now: Date,
) {
  const subtotal = lines.reduce((sum, line) => sum + line.net_minor, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax_minor, 0);
  const { year, sequence, number } = await nextInvoiceNumber(tx, "credit_note", now);
  const paidByCard = invoice.paidAt !== null && invoice.stripePaymentIntent !== null;
  const [creditNote] = await tx
    .insert(invoices)
    .values({
      kind: "credit_note",
      number,
      year,
      sequence,
      companyId: invoice.companyId,
      jobId: invoice.jobId,
      purpose: invoice.purpose,
      item: invoice.item,
      creditedInvoiceId: invoice.id,
      paymentMethod: invoice.paymentMethod,
      issuedAt: now,
      currency: invoice.currency,
      subtotalMinor: subtotal,
      taxMinor: tax,
      totalMinor: subtotal + tax,
      taxNote: invoice.taxNote,
      seller: invoice.seller,
      buyer: invoice.buyer,
      lines,
      stripePaymentIntent: paidByCard ? invoice.stripePaymentIntent : null,
      refundStatus: paidByCard ? "pending" : "none",
      issuedBy: actor.email,
      reason,
    })
    .returning();
  const [credited] = await tx
    .update(invoices)
    .set({ creditedMinor: -(subtotal + tax) })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return { creditNote: creditNote!, credited: credited! };
}

/**
 * A credit note for the unused share of a paid invoice (`part` of `whole` days): a subscription's
 * period ended early by a change of interval (issue 63). Its net and tax are the invoice's
 * × part ÷ whole, rounded half up in whole minor units, as prorationMinor rounds. Paid by
 * transfer, the credit is set against what the company owes next, or paid back by transfer.
 */
export async function creditUnusedDays(
  tx: Database,
  actor: AuditActor,
  invoice: InvoiceRow,
  days: { part: number; whole: number },
  reason: string,
  now: Date,
) {
  const part = Math.min(Math.max(days.part, 0), days.whole);
  if (part === 0 || invoice.totalMinor <= 0) return null;
  return insertCreditNote(
    tx,
    actor,
    invoice,
    creditLines(invoice, part, days.whole, "days"),
    reason,
    now,
  );
}

/** Where Stripe says a refund stands, in the credit note's words. */
const refundStatusOf = (status: string | null) =>
  status === "succeeded"
    ? ("succeeded" as const)
    : status === "failed" || status === "canceled"
      ? ("failed" as const)
      : ("pending" as const);

/**
 * Asks Stripe for the refunds of credit notes still pending without one (just issued, or a
 * call that failed before): each under the key `refund:<credit note id>`, so one made already
 * is answered again, not made twice. Returns how many were sent.
 */
export async function sendPendingRefunds(db: Database, only?: number): Promise<number> {
  const stripe = await stripeClient();
  if (!stripe) return 0;
  const pending = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, "credit_note"),
        eq(invoices.refundStatus, "pending"),
        isNull(invoices.stripeRefundId),
        only === undefined ? undefined : eq(invoices.id, only),
      ),
    );
  let sent = 0;
  for (const note of pending) {
    let refund: Stripe.Refund;
    try {
      refund = await createRefund(stripe, {
        paymentIntent: note.stripePaymentIntent!,
        amountMinor: -note.totalMinor,
        creditNote: note.number,
        key: `refund:${note.id}`,
      });
    } catch (error) {
      // Stripe refused it (already refunded in its dashboard, say): asking again cannot help,
      // and a moderator sees it failed. Anything else (the network) is tried on the next run.
      const refused = (error as { type?: unknown }).type === "StripeInvalidRequestError";
      console.error(`Stripe refund for credit note ${note.number} failed`, error);
      if (refused) {
        await db.update(invoices).set({ refundStatus: "failed" }).where(eq(invoices.id, note.id));
      }
      continue;
    }
    // Unless Stripe's event about it came first and said more.
    await db
      .update(invoices)
      .set({ stripeRefundId: refund.id, refundStatus: refundStatusOf(refund.status) })
      .where(and(eq(invoices.id, note.id), isNull(invoices.stripeRefundId)));
    sent += 1;
  }
  return sent;
}

/**
 * Stripe's news of a refund (refund.updated, refund.failed): the credit note that asked for it
 * takes its status. A refund made in Stripe's dashboard names no credit note: it is logged for a
 * moderator to record, not guessed at.
 */
export async function refundChanged(tx: Database, refund: Stripe.Refund) {
  const updated = await tx
    .update(invoices)
    .set({ refundStatus: refundStatusOf(refund.status), stripeRefundId: refund.id })
    .where(
      sql`${invoices.stripeRefundId} = ${refund.id} or (${invoices.number} = ${refund.metadata?.credit_note ?? ""} and ${invoices.kind} = 'credit_note')`,
    )
    .returning({ id: invoices.id });
  if (updated.length === 0) {
    console.warn(`Stripe refund ${refund.id} names no credit note of ours: record it by hand`);
  }
  return updated.length > 0;
}
