/*
 * Plans, payments and invoices as the tables store them (lib/server/db/schema/jobs.ts, imports.ts,
 * enquiries.ts, payments.ts). What the plans cost and include, and how the documents are made, are
 * features/billing's.
 */

/**
 * A listing plan, by its slug. The board's owner sets the plans (issue 63: the listing_plans
 * table, features/billing/server/offer.ts); "standard" is the free one every board keeps, on which
 * imports post and which cannot be retired.
 */
export type ListingPlanId = string;
/** A plan with a price: what credits and upgrades are of. */
export type PaidPlanId = string;
export const BASE_PLAN_ID = "standard";

/** The currencies a board may sell in (ISO 4217, lower case as Stripe writes them). */
export const BOARD_CURRENCIES = [
  "usd",
  "eur",
  "gbp",
  "cad",
  "aud",
  "nzd",
  "chf",
  "sek",
  "nok",
  "dkk",
  "pln",
  "jpy",
] as const;
export type BoardCurrency = (typeof BOARD_CURRENCIES)[number];

/** A row of /pricing's comparison table, and the plans (slugs) that have it. */
export type ComparisonRow = { feature: string; plans: string[] };

/** The recruitment services, by id. */
export const RECRUITMENT_PLAN_IDS = ["shortlist", "search", "embedded"] as const;
export type RecruitmentPlanId = (typeof RECRUITMENT_PLAN_IDS)[number];

/** An invoice, or a credit note correcting one. */
/**
 * How long a coupon's discount lasts on a subscription, as Stripe says it: the first period
 * (once), `duration_in_months` months (repeating), every period (forever) (issue 63).
 */
export const COUPON_DURATIONS = ["once", "repeating", "forever"] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** What a payment was for. */
export const INVOICE_PURPOSES = ["listing", "renewal", "pack", "upgrade", "subscription"] as const;
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

/** How often a subscription plan is billed (issue 63). */
export const SUBSCRIPTION_INTERVALS = ["month", "year"] as const;
export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number];

/**
 * What an invoice line sold (issue 63), so the owner's revenue report adds lines up by product
 * without reading their words: a listing (or renewal) of a plan, a pack, an upgrade to a plan,
 * a coupon's discount (its code), and a subscription's period or change of plan (its
 * subscription plan's slug).
 */
export const PRODUCT_KINDS = ["plan", "pack", "upgrade", "coupon", "subscription"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export type InvoiceProduct = { kind: ProductKind; slug: string };

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
  /**
   * What it sold. Every line issued since issue 63 has it (a credit note's line, its invoice
   * line's); older lines were given it by migration where their invoice said (purpose, item,
   * listing's plan, a discount's code); a line without one is reported as "other".
   */
  product?: InvoiceProduct;
};
