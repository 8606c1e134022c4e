/*
 * Plans, payments and invoices as the tables store them (lib/server/db/schema/jobs.ts, imports.ts,
 * enquiries.ts, payments.ts). What the plans cost and include, and how the documents are made, are
 * features/billing's.
 */

/** The listing plans, by id (their prices: features/billing/pricing.ts). */
export const LISTING_PLAN_IDS = ["standard", "sponsored", "featured"] as const;
export type ListingPlanId = (typeof LISTING_PLAN_IDS)[number];
export type PaidPlanId = Exclude<ListingPlanId, "standard">;

/** The recruitment services, by id. */
export const RECRUITMENT_PLAN_IDS = ["shortlist", "search", "embedded"] as const;
export type RecruitmentPlanId = (typeof RECRUITMENT_PLAN_IDS)[number];

/** An invoice, or a credit note correcting one. */
export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** What a payment was for. */
export const INVOICE_PURPOSES = ["listing", "renewal", "pack", "upgrade"] as const;
export type InvoicePurpose = (typeof INVOICE_PURPOSES)[number];

/** How an invoice is (to be) paid: by card through Stripe Checkout, or by bank transfer. */
export const PAYMENT_METHODS = ["stripe", "transfer"] as const;
export type InvoicePaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Where a credit note's refund stands. */
export const REFUND_STATUSES = ["none", "pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A party to an invoice, as the document keeps its own copy of it. */
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

/** A line of an invoice; amounts are integers in the currency's minor unit (cents). */
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
