import type { InvoiceKind } from "./invoice-number";

/*
 * Invoices and credit notes as the server stores them, the API answers them and the PDF prints
 * them (issue 45). Amounts are integers in the currency's minor unit (cents); every line carries
 * its currency, tax rate and tax. A document keeps its own copy of both parties: changing the
 * billing details later does not change an invoice already issued.
 */

/** What a payment was for. */
export const INVOICE_PURPOSES = ["listing", "renewal", "pack", "upgrade"] as const;
export type InvoicePurpose = (typeof INVOICE_PURPOSES)[number];

/** How an invoice is (to be) paid: by card through Stripe Checkout, or by bank transfer. */
export const PAYMENT_METHODS = ["stripe", "transfer"] as const;
export type InvoicePaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How long a company allowed to pay on terms has to pay (set by a moderator). */
export const INVOICE_TERMS_DAYS = [14, 30] as const;
export type InvoiceTermsDays = (typeof INVOICE_TERMS_DAYS)[number];

/** Where a credit note's refund stands. */
export const REFUND_STATUSES = ["none", "pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export type InvoiceParty = {
  name: string;
  /** The address, one line per entry, without the country. */
  address: string[];
  /** ISO 3166-1 alpha-2; null when unknown. */
  country: string | null;
  /** The VAT (or other tax) ID, with its country prefix. */
  tax_id: string | null;
  email?: string | null;
  /**
   * The buyer's own reference (its purchase order number), printed "Your reference: PO-2291";
   * only on documents issued while its billing details give one.
   */
  purchase_order?: string;
  /** The seller's bank account, for invoices paid by transfer: one line per entry. */
  bank?: string[];
};

export type InvoiceLine = {
  description: string;
  quantity: number;
  /** Net, per unit. */
  unit_minor: number;
  /** Net, for the line. Negative on a credit note. */
  net_minor: number;
  /** Basis points: 1900 is 19%. */
  tax_rate_bp: number;
  tax_minor: number;
  total_minor: number;
  currency: string;
};

/** Where an invoice stands, as its company and moderators see it. */
export type InvoiceStatus = "due" | "overdue" | "paid" | "credited" | "issued";

export type InvoiceDocument = {
  id: number;
  kind: InvoiceKind;
  number: string;
  purpose: InvoicePurpose;
  status: InvoiceStatus;
  issued_at: string;
  due_at: string | null;
  paid_at: string | null;
  /** Lowercase ISO 4217. */
  currency: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  subtotal_minor: number;
  tax_minor: number;
  total_minor: number;
  /** The reverse-charge (or other) mention the tax needs, printed under the totals. */
  tax_note: string | null;
  payment_method: InvoicePaymentMethod;
  /** For a credit note: the invoice it credits. */
  credits_invoice: string | null;
  /** For a credit note: where its refund stands. */
  refund_status: RefundStatus;
  job_id: number | null;
};

/** "$1,490.00", "€12.50": an amount in minor units, in its currency. */
export function formatMoney(minor: number, currency: string, locale = "en-US"): string {
  const format = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** A tax rate in basis points as printed: "19%", "7.7%". */
export const formatTaxRate = (bp: number) => `${Number((bp / 100).toFixed(2))}%`;
