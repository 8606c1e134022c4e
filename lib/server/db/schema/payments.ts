import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { companies, jobs } from "./jobs";
import { coupons, listingPlans, subscriptionPlans } from "./offer";
import { users } from "./users";
import {
  INVOICE_KINDS,
  INVOICE_PURPOSES,
  PAYMENT_METHODS,
  REFUND_STATUSES,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceParty,
  type InvoicePaymentMethod,
  type InvoicePurpose,
  type PaidPlanId,
  type RefundStatus,
} from "@/lib/model/billing";
import { oneOf } from "./checks";

/* Payments: the Stripe events already acted on, and the invoice series. */

/**
 * Stripe webhook events already acted on, by Stripe's event id: Stripe retries deliveries and
 * a captured request can be replayed, and neither may act twice.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number given in each invoice series (issue 45): one row per kind (invoices, credit
 * notes) and year, moved on in the transaction that stores the document, so the numbers have no
 * gap (features/billing/server/invoice-numbers.ts).
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    kind: text("kind").$type<InvoiceKind>().notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.year] }),
    check("invoice_counters_kind_check", oneOf(t.kind, INVOICE_KINDS)),
  ],
);

/**
 * Who a company's invoices are made out to (issue 45): set by its owner and admins, printed on
 * each invoice issued after (an invoice keeps its own copy). VAT IDs compact, with their prefix.
 */
export const billingDetails = pgTable("billing_details", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  legalName: text("legal_name").notNull(),
  addressLine1: text("address_line1").notNull(),
  addressLine2: text("address_line2"),
  city: text("city").notNull(),
  postalCode: text("postal_code"),
  region: text("region"),
  /** ISO 3166-1 alpha-2. */
  country: text("country").notNull(),
  vatId: text("vat_id"),
  /** The company's own reference (a purchase order number) its invoices quote; null: none. */
  purchaseOrder: text("purchase_order"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Invoices and credit notes (issue 45), never deleted: a mistake is corrected by a credit note.
 * Each has its number from its kind's yearly series, taken in the transaction that stores it,
 * and its own copy of both parties and of its lines. The Stripe ids are unique, so a Checkout
 * session or a refund reported twice (or in another order) makes one document.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<InvoiceKind>().notNull(),
    number: text("number").notNull().unique(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    /** The listing it was for (a listing, renewal or upgrade). */
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    purpose: text("purpose").$type<InvoicePurpose>().notNull(),
    /** A credit note's invoice. */
    creditedInvoiceId: integer("credited_invoice_id").references((): AnyPgColumn => invoices.id),
    paymentMethod: text("payment_method").$type<InvoicePaymentMethod>().notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** When a bank transfer is due; null when paid on issue (by card). */
    dueAt: timestamp("due_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Lowercase ISO 4217. */
    currency: text("currency").notNull(),
    subtotalMinor: integer("subtotal_minor").notNull(),
    taxMinor: integer("tax_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    /** How much of an invoice its credit notes took back (positive, minor units). */
    creditedMinor: integer("credited_minor").notNull().default(0),
    taxNote: text("tax_note"),
    seller: jsonb("seller").$type<InvoiceParty>().notNull(),
    buyer: jsonb("buyer").$type<InvoiceParty>().notNull(),
    lines: jsonb("lines").$type<InvoiceLine[]>().notNull(),
    /** What was bought, for acting on it again: a pack's id, an upgrade's plan. */
    item: text("item"),
    stripeSessionId: text("stripe_session_id").unique(),
    stripePaymentIntent: text("stripe_payment_intent"),
    /** A credit note's refund through Stripe, once Stripe gave it an id. */
    stripeRefundId: text("stripe_refund_id").unique(),
    refundStatus: text("refund_status").$type<RefundStatus>().notNull().default("none"),
    /** Who issued a credit note (a moderator's e-mail, kept as text). */
    issuedBy: text("issued_by"),
    reason: text("reason"),
    /** The reminders sent: seven days before the due date, and on it. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    dueNoticeSentAt: timestamp("due_notice_sent_at", { withTimezone: true }),
    /** When it was found unpaid after its due date, for the moderators to decide. */
    overdueAt: timestamp("overdue_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("invoices_series_unique").on(t.kind, t.year, t.sequence),
    check("invoices_kind_check", oneOf(t.kind, INVOICE_KINDS)),
    check("invoices_purpose_check", oneOf(t.purpose, INVOICE_PURPOSES)),
    check("invoices_payment_method_check", oneOf(t.paymentMethod, PAYMENT_METHODS)),
    check("invoices_refund_status_check", oneOf(t.refundStatus, REFUND_STATUSES)),
    check("invoices_total_check", sql`${t.subtotalMinor} + ${t.taxMinor} = ${t.totalMinor}`),
    check(
      "invoices_credit_note_check",
      sql`(${t.kind} = 'credit_note') = (${t.creditedInvoiceId} is not null)`,
    ),
    index("invoices_company_idx").on(t.companyId, t.issuedAt),
    // The revenue report (issue 63): documents by the month they were issued.
    index("invoices_issued_idx").on(t.issuedAt),
    // The reminder task: invoices still to be paid.
    index("invoices_unpaid_idx")
      .on(t.dueAt)
      .where(sql`kind = 'invoice' and paid_at is null and due_at is not null`),
  ],
);

/**
 * Invoices and credit notes mailed to their company (issue 61): one row per document, written in
 * the transaction that queues its mail, so a document is mailed once however often the
 * invoice-mails task runs. Documents issued before the table existed are marked as mailed.
 */
export const invoiceMails = pgTable("invoice_mails", {
  invoiceId: integer("invoice_id")
    .primaryKey()
    .references(() => invoices.id, { onDelete: "cascade" }),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
  /** How many messages were queued: one per billing contact. */
  recipients: integer("recipients").notNull(),
});

/**
 * Listing credits (issue 45): one row per listing a company bought in a pack. It lasts until
 * `expires_at`; spending it marks it with the listing, and a listing rejected in review gives it
 * back once (`returned_at`). A refund of the pack revokes the credits not yet spent.
 */
export const listingCredits = pgTable(
  "listing_credits",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    plan: text("plan")
      .$type<PaidPlanId>()
      .notNull()
      .references(() => listingPlans.slug),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    purchasedAt: timestamp("purchased_at", { withTimezone: true }).notNull(),
    /** Null: never expires (a subscription's credits that roll over, issue 63). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    spentAt: timestamp("spent_at", { withTimezone: true }),
    /** The listing it was spent on, and how: posting, renewal or upgrade. */
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    spentOn: text("spent_on").$type<"listing" | "renewal" | "upgrade">(),
    spentBy: integer("spent_by").references(() => users.id, { onDelete: "set null" }),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** When the company was told it expires soon: once. */
    expiryNoticeAt: timestamp("expiry_notice_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "listing_credits_spent_on_check",
      sql`${t.spentOn} is null or ${t.spentOn} in ('listing', 'renewal', 'upgrade')`,
    ),
    check("listing_credits_spent_check", sql`(${t.spentAt} is null) = (${t.spentOn} is null)`),
    // Spending: the company's unspent credits of a plan, soonest to expire first.
    index("listing_credits_unspent_idx")
      .on(t.companyId, t.plan, t.expiresAt)
      .where(sql`spent_at is null and revoked_at is null`),
    index("listing_credits_job_idx").on(t.jobId),
    index("listing_credits_invoice_idx").on(t.invoiceId),
  ],
);

/**
 * A use of a coupon: by an invoice issued with it, or by a Checkout session opened with it (its
 * invoice set when paid). A session's use without an invoice counts for 24 hours only (the most
 * a session lives), so one left unpaid does not use the coupon up.
 */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    checkoutSession: text("checkout_session"),
    /** The discount given, positive, in minor units. */
    discountMinor: integer("discount_minor").notNull(),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Given back (its invoice refunded, its session dead): counts no more. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    index("coupon_redemptions_coupon_idx").on(t.couponId),
    uniqueIndex("coupon_redemptions_session_idx").on(t.checkoutSession),
    check("coupon_redemptions_discount_check", sql`${t.discountMinor} > 0`),
  ],
);

/*
 * Employer subscriptions (issue 63): a company's subscription to a plan of `subscription_plans`,
 * paid on invoice (a company on payment terms: the subscription-periods task invoices each
 * period) or by card through Stripe Billing (each period's `invoice.paid`). Written only by
 * features/billing/server/subscriptions.ts.
 */

export const SUBSCRIPTION_STATUSES = ["active", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const companySubscriptions = pgTable(
  "company_subscriptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    plan: text("plan")
      .notNull()
      .references(() => subscriptionPlans.slug),
    status: text("status").$type<SubscriptionStatus>().notNull().default("active"),
    /** "transfer": on invoice, our task invoices each period; "stripe": Stripe Billing does. */
    paymentMethod: text("payment_method").$type<InvoicePaymentMethod>().notNull(),
    /** The first period's start: every period ends a whole number of intervals after it. */
    billingAnchor: timestamp("billing_anchor", { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** A downgrade on invoice, from the next period. */
    nextPlan: text("next_plan").references(() => subscriptionPlans.slug),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripeCustomerId: text("stripe_customer_id"),
    /** The Checkout session that is to start it (card), until Stripe says it started. */
    stripeSessionId: text("stripe_session_id").unique(),
    /** Failed payments of the current period (Stripe's retries). */
    failedPayments: integer("failed_payments").notNull().default(0),
    /**
     * On invoice: the period invoice left unpaid past its due date that made it past_due; it ends
     * SUBSCRIPTION_GRACE_DAYS after that due date unless the invoice is paid first.
     */
    pastDueInvoiceId: integer("past_due_invoice_id").references(() => invoices.id),
    /** When the owner and admins were reminded, a week before a past_due subscription ends. */
    graceReminderAt: timestamp("grace_reminder_at", { withTimezone: true }),
    /**
     * The coupon taken when it began (issue 63), discounting each period that begins before
     * `couponEndsAt` (null: every period, a `forever` coupon). No coupon: both null.
     */
    couponId: integer("coupon_id").references(() => coupons.id),
    couponEndsAt: timestamp("coupon_ends_at", { withTimezone: true }),
    /** By card: what Stripe's coupon takes off each discounted period, tax included. */
    couponStripeOffMinor: integer("coupon_stripe_off_minor"),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("company_subscriptions_status_check", oneOf(t.status, SUBSCRIPTION_STATUSES)),
    check("company_subscriptions_method_check", oneOf(t.paymentMethod, PAYMENT_METHODS)),
    check(
      "company_subscriptions_period_check",
      sql`${t.currentPeriodEnd} > ${t.currentPeriodStart}`,
    ),
    // One live subscription per company.
    uniqueIndex("company_subscriptions_live_idx")
      .on(t.companyId)
      .where(sql`status <> 'canceled'`),
    // The task: subscriptions on invoice whose period ended.
    index("company_subscriptions_due_idx")
      .on(t.currentPeriodEnd)
      .where(sql`status <> 'canceled' and payment_method = 'transfer'`),
  ],
);

/**
 * Each period a subscription was invoiced for: once per period (on invoice) and once per Stripe
 * invoice (by card), so a task run twice or a webhook replayed invoices and credits once.
 */
export const subscriptionInvoices = pgTable(
  "subscription_invoices",
  {
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => companySubscriptions.id, { onDelete: "cascade" }),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    /** "period": a period's invoice; "proration": a change of plan within a period. */
    kind: text("kind").$type<"period" | "proration">().notNull().default("period"),
    stripeInvoiceId: text("stripe_invoice_id").unique(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.invoiceId] }),
    check("subscription_invoices_kind_check", sql`${t.kind} in ('period', 'proration')`),
    uniqueIndex("subscription_invoices_period_idx")
      .on(t.subscriptionId, t.periodStart)
      .where(sql`kind = 'period'`),
  ],
);
