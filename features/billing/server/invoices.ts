import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { InvoiceSummary } from "@/features/billing/api-schemas";
import type {
  InvoiceDocument,
  InvoiceParty,
  InvoicePaymentMethod,
  InvoicePurpose,
  InvoiceStatus,
} from "@/features/billing/documents";
import { priceLines, taxTreatment, totalsOf, type Item } from "@/features/billing/tax";
import type { Database } from "@/lib/server/db/client";
import { billingDetails, companies, invoices } from "@/lib/server/db/schema";
import { readServerEnv, type ServerEnv } from "@/lib/server/env";
import { nextInvoiceNumber } from "./invoice-numbers";
import { postalLines } from "./postal-address";
import { boardCurrency } from "./offer";

/*
 * Invoices (issue 45): one for every payment, whichever way it is made, issued in the
 * transaction that records the payment (or the debt), so the number and the effect exist
 * together or not at all. The parties are copied in: the seller from the board's settings, the
 * buyer from the company's billing details, else from what Stripe Checkout collected, else the
 * company's name.
 */

export type InvoiceRow = typeof invoices.$inferSelect;

/** The board as seller, from its settings (BILLING_SELLER_*). */
export const sellerParty = (env: ServerEnv = readServerEnv()): InvoiceParty => ({
  name: env.BILLING_SELLER_NAME,
  address: env.BILLING_SELLER_ADDRESS,
  country: env.BILLING_SELLER_COUNTRY,
  tax_id: env.BILLING_SELLER_TAX_ID ?? null,
  ...(env.BILLING_SELLER_BANK.length > 0 && { bank: env.BILLING_SELLER_BANK }),
});

/** The company as buyer: its billing details, else `collected` (Stripe's), else its name. */
export async function buyerParty(
  db: Database,
  companyId: number,
  collected?: Partial<InvoiceParty> | null,
): Promise<InvoiceParty> {
  const [row] = await db
    .select({ name: companies.name, details: billingDetails })
    .from(companies)
    .leftJoin(billingDetails, eq(billingDetails.companyId, companies.id))
    .where(eq(companies.id, companyId));
  const details = row?.details;
  if (details) {
    return {
      name: details.legalName,
      address: await postalLines(
        {
          line1: details.addressLine1,
          line2: details.addressLine2,
          city: details.city,
          postalCode: details.postalCode,
          region: details.region,
        },
        details.country,
      ),
      country: details.country,
      tax_id: details.vatId,
      ...(details.purchaseOrder && { purchase_order: details.purchaseOrder }),
    };
  }
  return {
    name: collected?.name || row?.name || "Unknown buyer",
    address: collected?.address ?? [],
    country: collected?.country ?? null,
    tax_id: collected?.tax_id ?? null,
  };
}

/** The tax rate (basis points) and note a sale to `buyer` takes under the board's settings. */
export const treatmentFor = (buyer: InvoiceParty, env: ServerEnv = readServerEnv()) =>
  taxTreatment(sellerParty(env), buyer, env.BILLING_TAX_RATES);

/** What `items` cost the company with tax, as Checkout charges and the invoice will say. */
export async function quote(db: Database, companyId: number, items: Item[]) {
  const buyer = await buyerParty(db, companyId);
  const treatment = treatmentFor(buyer);
  const currency = await boardCurrency(db);
  const lines = priceLines(items, currency, treatment.rateBp);
  return { buyer, treatment, currency, lines, ...totalsOf(lines) };
}

export type IssueInput = {
  companyId: number;
  jobId?: number | null;
  purpose: InvoicePurpose;
  /** What was bought, to act on later: a pack's id, an upgrade's plan. */
  item?: string | null;
  items: Item[];
  paymentMethod: InvoicePaymentMethod;
  issuedAt: Date;
  dueAt?: Date | null;
  paidAt?: Date | null;
  /** The rate Checkout charged (its metadata), so the invoice says what was paid. */
  rateBp?: number;
  /** The currency Checkout charged in; else the board's now. */
  currency?: string;
  /** What Stripe Checkout collected, for a company without billing details. */
  collected?: Partial<InvoiceParty> | null;
  stripe?: { sessionId: string; paymentIntent: string | null };
};

/** Issues an invoice: its number is taken here, so call it inside the payment's transaction. */
export async function issueInvoice(tx: Database, input: IssueInput): Promise<InvoiceRow> {
  const env = readServerEnv();
  const buyer = await buyerParty(tx, input.companyId, input.collected);
  const treatment = treatmentFor(buyer, env);
  const rateBp = input.rateBp ?? treatment.rateBp;
  const currency = input.currency ?? (await boardCurrency(tx));
  const lines = priceLines(input.items, currency, rateBp);
  const totals = totalsOf(lines);
  const { year, sequence, number } = await nextInvoiceNumber(tx, "invoice", input.issuedAt);
  const [row] = await tx
    .insert(invoices)
    .values({
      kind: "invoice",
      number,
      year,
      sequence,
      companyId: input.companyId,
      jobId: input.jobId ?? null,
      purpose: input.purpose,
      item: input.item ?? null,
      paymentMethod: input.paymentMethod,
      issuedAt: input.issuedAt,
      dueAt: input.dueAt ?? null,
      paidAt: input.paidAt ?? null,
      currency,
      subtotalMinor: totals.subtotal,
      taxMinor: totals.tax,
      totalMinor: totals.total,
      taxNote: rateBp === 0 ? treatment.note : null,
      seller: sellerParty(env),
      buyer,
      lines,
      stripeSessionId: input.stripe?.sessionId ?? null,
      stripePaymentIntent: input.stripe?.paymentIntent ?? null,
    })
    .returning();
  return row!;
}

/** The invoice a Checkout session paid, if one was issued already (a replayed event). */
export async function invoiceOfSession(db: Database, sessionId: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.stripeSessionId, sessionId));
  return row;
}

/** An invoice still to be paid: neither paid nor credited. */
export const unpaidInvoice = and(
  eq(invoices.kind, "invoice"),
  isNull(invoices.paidAt),
  eq(invoices.creditedMinor, 0),
);

/**
 * Records an invoice due as paid, and the listing waiting on it; false when it was not due (paid
 * already, or credited).
 */
export async function settleInvoice(tx: Database, invoiceId: number, now: Date) {
  const [row] = await tx
    .update(invoices)
    .set({ paidAt: now })
    .where(and(eq(invoices.id, invoiceId), unpaidInvoice))
    .returning();
  return row;
}

/** The unpaid invoice of a listing, posted or renewed on an invoice due. */
export async function unpaidInvoiceOf(db: Database, jobId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.jobId, jobId),
        unpaidInvoice,
        sql`${invoices.purpose} in ('listing', 'renewal')`,
      ),
    )
    .orderBy(sql`${invoices.issuedAt} desc`)
    .limit(1);
  return row;
}

/** Where an invoice stands today. */
export function statusOf(row: InvoiceRow, now: Date = new Date()): InvoiceStatus {
  if (row.kind === "credit_note") return "issued";
  if (row.creditedMinor > 0 && (row.paidAt === null || row.creditedMinor >= row.totalMinor)) {
    return "credited";
  }
  if (row.paidAt) return "paid";
  return row.dueAt && row.dueAt < now ? "overdue" : "due";
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The document as the API answers it and the PDF prints it. */
export const documentOf = (
  row: InvoiceRow,
  creditedNumber: string | null,
  now?: Date,
): InvoiceDocument => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  purpose: row.purpose,
  status: statusOf(row, now),
  issued_at: row.issuedAt.toISOString(),
  due_at: iso(row.dueAt),
  paid_at: iso(row.paidAt),
  currency: row.currency,
  seller: row.seller,
  buyer: row.buyer,
  lines: row.lines,
  subtotal_minor: row.subtotalMinor,
  tax_minor: row.taxMinor,
  total_minor: row.totalMinor,
  tax_note: row.taxNote,
  payment_method: row.paymentMethod,
  credits_invoice: creditedNumber,
  refund_status: row.refundStatus,
  job_id: row.jobId,
});

/** An invoice in a list, with the address of its PDF for `audience`. */
export const summaryOf = (
  row: InvoiceRow,
  creditedNumber: string | null,
  audience: "company" | "moderator",
  now?: Date,
): InvoiceSummary => {
  const {
    seller: _s,
    buyer: _b,
    lines,
    tax_note: _t,
    payment_method: _p,
    ...rest
  } = documentOf(row, creditedNumber, now);
  return {
    ...rest,
    credited_minor: row.creditedMinor,
    description: lines[0]?.description ?? "",
    pdf_url: `/api/${audience === "company" ? "company" : "admin"}/invoices/${row.id}/pdf`,
  };
};

const credited = alias(invoices, "credited");

/** Invoices with the number of the invoice each credit note credits, newest first. */
export const invoicesWithCredited = (db: Database) =>
  db
    .select({ invoice: invoices, creditedNumber: credited.number })
    .from(invoices)
    .leftJoin(credited, eq(credited.id, invoices.creditedInvoiceId))
    .$dynamic();

/** The same, with each document's company, for moderators. */
export const invoicesWithCompanies = (db: Database) =>
  db
    .select({
      invoice: invoices,
      creditedNumber: credited.number,
      company: {
        id: companies.id,
        name: companies.name,
        slug: companies.slug,
        terms_days: companies.invoiceTermsDays,
      },
    })
    .from(invoices)
    .leftJoin(credited, eq(credited.id, invoices.creditedInvoiceId))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .$dynamic();
