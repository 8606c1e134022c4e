import type {
  InvoiceKind,
  InvoiceLine,
  InvoiceParty,
  InvoicePaymentMethod,
  InvoicePurpose,
  RefundStatus,
} from "@/lib/model/billing";

/**
 * The most characters a purchase order reference holds (what accounts systems commonly allow).
 * Here, not in schemas.ts, so the billing details form names it without loading zod.
 */
export const PURCHASE_ORDER_MAX = 35;

// The values and the JSON columns' shapes the tables hold are the data model's: lib/model/billing.ts.
export {
  INVOICE_PURPOSES,
  PAYMENT_METHODS,
  REFUND_STATUSES,
  type InvoiceLine,
  type InvoiceParty,
  type InvoicePaymentMethod,
  type InvoicePurpose,
  type RefundStatus,
} from "@/lib/model/billing";

/*
 * Invoices and credit notes as the server stores them, the API answers them and the PDF prints
 * them (issue 45). Amounts are integers in the currency's minor unit (cents); every line carries
 * its currency, tax rate and tax. A document keeps its own copy of both parties: changing the
 * billing details later does not change an invoice already issued.
 */

/** How long a company allowed to pay on terms has to pay (set by a moderator). */
export const INVOICE_TERMS_DAYS = [14, 30] as const;
export type InvoiceTermsDays = (typeof INVOICE_TERMS_DAYS)[number];

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
