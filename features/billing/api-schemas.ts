// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { offerSlug, singleLine, timestamp } from "@/lib/validation/fields";
import {
  INVOICE_PURPOSES,
  INVOICE_TERMS_DAYS,
  REFUND_STATUSES,
  type InvoiceStatus,
} from "./documents";
import { INVOICE_KINDS } from "./invoice-number";
import { BOARD_CURRENCIES } from "@/lib/model/billing";

/*
 * The billing API's bodies and answers (issue 45): invoices and credit notes as lists show them,
 * a company's listing credits, buying a pack, and what moderators do (terms, paid, refunds).
 */

const INVOICE_STATUSES = [
  "due",
  "overdue",
  "paid",
  "credited",
  "issued",
] as const satisfies readonly InvoiceStatus[];

const minor = z.number().int();

/** One invoice or credit note in a list: enough to find it; its PDF has the rest. */
export const invoiceSummarySchema = z
  .strictObject({
    id: z.number().int(),
    kind: z.enum(INVOICE_KINDS),
    number: z.string(),
    purpose: z.enum(INVOICE_PURPOSES),
    status: z.enum(INVOICE_STATUSES),
    /** The first line's description: "Sponsored listing: Video Editor". */
    description: z.string(),
    issued_at: timestamp,
    due_at: timestamp.nullable(),
    paid_at: timestamp.nullable(),
    currency: z.string(),
    subtotal_minor: minor,
    tax_minor: minor,
    total_minor: minor,
    /** How much of an invoice its credit notes took back (0 when none was issued). */
    credited_minor: minor,
    /** A credit note's invoice number. */
    credits_invoice: z.string().nullable(),
    refund_status: z.enum(REFUND_STATUSES),
    job_id: z.number().int().nullable(),
    /** Where its PDF is, for the caller. */
    pdf_url: z.string(),
  })
  .meta({ id: "InvoiceSummary" });

export type InvoiceSummary = z.output<typeof invoiceSummarySchema>;

/** `on_hold`: bought, not usable yet: its pack's invoice is unpaid, or one is overdue. */
export const CREDIT_STATES = ["available", "on_hold", "spent", "expired", "revoked"] as const;
export type CreditState = (typeof CREDIT_STATES)[number];

export const listingCreditSchema = z
  .strictObject({
    id: z.number().int(),
    /** The plan it pays for (a slug of the board's offer). */
    plan: z.string(),
    state: z.enum(CREDIT_STATES),
    purchased_at: timestamp,
    /** Null: never expires (a subscription's credits that roll over). */
    expires_at: timestamp.nullable(),
    /** The pack's or the subscription period's invoice. */
    invoice_number: z.string(),
    spent_at: timestamp.nullable(),
    /** The listing it was spent on. */
    job_id: z.number().int().nullable(),
    job_title: z.string().nullable(),
    /** Given back once, by a listing not approved. */
    returned: z.boolean(),
  })
  .meta({ id: "ListingCredit" });

/** Unspent, unexpired credits of each paid plan, and when the soonest of them expires. */
export const creditBalanceSchema = z
  .strictObject({
    /** Usable credits by plan (slug); a plan without any is absent. */
    by_plan: z.record(z.string(), z.number().int()),
    next_expiry: timestamp.nullable(),
    /** Credits bought that wait for payment (their pack's, or an overdue invoice's). */
    on_hold: z.number().int(),
  })
  .meta({ id: "CreditBalance" });

export type CreditBalance = z.output<typeof creditBalanceSchema>;

export const creditBalanceAnswerSchema = z.strictObject({ credits: creditBalanceSchema });

/** How the company pays: by card through Stripe, or by bank transfer within its terms. */
export const paymentTermsSchema = z.strictObject({
  pays_by: z.enum(["card", "transfer"]),
  /** Days to pay an invoice by transfer; null when it pays by card. */
  terms_days: z.number().int().nullable(),
  /**
   * Whether the board takes bank transfers: only once its bank details are set (issue 61).
   * Without them, nothing is sold on invoice (409), and pages say why.
   */
  transfer_ready: z.boolean(),
});

/**
 * What a company owes, and may use before paying (issue 60): credits of packs not yet paid and
 * upgrades on invoices due count against its limit; an overdue invoice stops both.
 */
export const creditStandingSchema = z
  .strictObject({
    /** How much the company may use before paying; 0: each thing bought is usable once paid. */
    limit_minor: minor,
    /** Invoices not yet paid, due or overdue. */
    outstanding_minor: minor,
    /** Of which overdue. */
    overdue_minor: minor,
    /** What the company uses before paying: spent credits of unpaid packs, upgrades applied. */
    in_use_minor: minor,
    /** Its oldest overdue invoice's number: while there is one, new spending waits. */
    overdue_invoice: z.string().nullable(),
  })
  .meta({ id: "CreditStanding" });

export type CreditStanding = z.output<typeof creditStandingSchema>;

/* The offer (issue 63). */

export const listingPlanSchema = z
  .strictObject({
    id: z.string().meta({ description: "The plan's slug, as /submit?plan= names it" }),
    name: z.string(),
    price_minor: minor,
    days: z.number().int(),
    sponsored: z.boolean(),
    summary: z.string(),
    includes: z.array(z.string()),
    recommended: z.boolean(),
    retired: z.boolean(),
  })
  .meta({ id: "ListingPlan" });

export const listingPackSchema = z
  .strictObject({
    id: z.string(),
    plan: z.string(),
    name: z.string(),
    listings: z.number().int(),
    price_minor: minor,
    credit_months: z.number().int(),
    retired: z.boolean(),
  })
  .meta({ id: "ListingPack" });

export const offerSchema = z
  .strictObject({
    currency: z.enum(BOARD_CURRENCIES),
    plans: z.array(listingPlanSchema),
    packs: z.array(listingPackSchema),
    comparison: z.array(z.strictObject({ feature: z.string(), plans: z.array(z.string()) })),
  })
  .meta({ id: "Offer" });

export const billingOverviewSchema = z.strictObject({
  invoices: z.array(invoiceSummarySchema),
  credits: z.array(listingCreditSchema),
  balance: creditBalanceSchema,
  payment: paymentTermsSchema,
  standing: creditStandingSchema,
  /** What the board sells now: the packs to buy, the plans credits name. */
  offer: offerSchema,
});

export type BillingOverview = z.output<typeof billingOverviewSchema>;

/** A coupon code typed at an order (issue 63): any case; an unknown or unusable one is a 422. */
const typedCode = z
  .string("Type a coupon code")
  .trim()
  .max(32, "A coupon code is at most 32 characters");

export const couponField = typedCode.optional();

/** What a coupon is asked about (issue 63): a plan's listing, a pack or a subscription plan, by slug. */
export const couponQuoteInputSchema = z.strictObject({
  code: typedCode.min(1, "Type a coupon code"),
  product: z.strictObject({
    kind: z.enum(
      ["plan", "pack", "subscription"],
      "Say whether it is for a plan, a pack or a subscription",
    ),
    slug: offerSlug("Choose one of the plans, packs or subscriptions on sale"),
  }),
});

/** A coupon's discount on one product at its price now, before tax (minor units). */
export const couponQuoteSchema = z
  .strictObject({
    /** As stored: upper case. */
    code: z.string(),
    /** The invoice line's words: `Discount LAUNCH20 (20%)`. */
    description: z.string(),
    subtotal_minor: z.number().int(),
    discount_minor: z.number().int(),
    total_minor: z.number().int(),
    currency: z.string(),
    /**
     * How long it lasts on a subscription: `once` (its first period), `repeating` (the periods
     * begun within `duration_in_months` months), `forever`. An order of a listing or pack is one.
     */
    duration: z.enum(["once", "repeating", "forever"]),
    duration_in_months: z.number().int().nullable(),
  })
  .meta({ id: "CouponQuote" });

export type CouponQuote = z.output<typeof couponQuoteSchema>;

export const packPurchaseInputSchema = z.strictObject({
  /** A pack on sale, by its slug (an unknown or retired one: 422). */
  pack: offerSlug("Choose one of the packs on the pricing page"),
  coupon: couponField,
});

/**
 * A pack bought: by card, where to pay (the credits come once Stripe says it was paid); by
 * transfer, its invoice, and the credits are there at once.
 */
export const packPurchaseSchema = z.strictObject({
  checkout_url: z.string().nullable(),
  invoice: invoiceSummarySchema.nullable(),
  balance: creditBalanceSchema,
});

/** Spending a credit on a listing instead of paying for it. */
export const useCreditField = z.boolean("Say whether to use a credit").optional();

export const renewalInputSchema = z.strictObject({
  use_credit: useCreditField,
  /** A coupon code for the renewal's price (issue 63); none with a credit. */
  coupon: couponField,
});

export const upgradeInputSchema = z.strictObject({
  /** A paid plan on sale worth more than the listing's, by its slug (else 422). */
  plan: offerSlug("Choose a plan to upgrade to"),
  use_credit: useCreditField,
  coupon: couponField,
});

/* Moderators. */

export const moderatorInvoiceSchema = invoiceSummarySchema
  .extend({
    company: z.strictObject({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      /** Its payment terms now: days to pay by transfer, or null (by card). */
      terms_days: z.number().int().nullable(),
      standing: creditStandingSchema,
    }),
    /** When it was found unpaid after its due date. */
    overdue_at: timestamp.nullable(),
  })
  .meta({ id: "ModeratorInvoice" });

export const moderatorInvoicesSchema = z.strictObject({
  invoices: z.array(moderatorInvoiceSchema),
});

export const INVOICE_FILTERS = ["unpaid", "overdue", "all"] as const;

export const moderatorInvoicesQuerySchema = z.strictObject({
  status: z.enum(INVOICE_FILTERS, "Choose unpaid, overdue or all").default("unpaid"),
  company: z.coerce.number().int().positive("A company's id").optional(),
});

export const refundInputSchema = z.strictObject({
  reason: singleLine(
    z
      .string("Say why it is refunded")
      .trim()
      .min(3, "Say why it is refunded")
      .max(300, "Keep the reason under 300 characters"),
  ),
});

export const refundResultSchema = z.strictObject({
  credit_note: invoiceSummarySchema,
  /** The pack's credits the refund took back (those not spent). */
  revoked_credits: z.number().int(),
});

export const termsInputSchema = z.strictObject({
  days: z.literal(INVOICE_TERMS_DAYS, "Choose 14 or 30 days, or null for card payment").nullable(),
});

export const termsResultSchema = z.strictObject({
  company_id: z.number().int(),
  terms_days: z.number().int().nullable(),
});

/** At most this much on credit: a million dollars, in cents. */
export const CREDIT_LIMIT_MAX_MINOR = 100_000_000;

export const creditLimitInputSchema = z.strictObject({
  limit_minor: z
    .int("Give the limit in cents, a whole number")
    .min(0, "The limit cannot be below zero")
    .max(CREDIT_LIMIT_MAX_MINOR, "Keep the limit under $1,000,000"),
});

export const creditLimitResultSchema = z.strictObject({
  company_id: z.number().int(),
  limit_minor: minor,
});

/** What the Stripe webhook answers Stripe. */
export const webhookOutcomeSchema = z.strictObject({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
  /** The listing a paid checkout sent to review. */
  paid_job_id: z.int().positive().optional(),
  /** The invoice the payment was given. */
  invoice: z.string().optional(),
});

/*
 * Employer subscriptions (issue 63): the plans on sale, a company's subscription and what it
 * gives this period.
 */

export const subscriptionPlanSchema = z
  .strictObject({
    /** Its slug. */
    id: z.string(),
    name: z.string(),
    interval: z.enum(["month", "year"]),
    /** The price of one period, before tax. */
    price_minor: minor,
    /** Listings (credits) each period gives. */
    listings: z.number().int(),
    /** The listing plan they are of (a slug of the offer's plans). */
    plan: z.string(),
    /** Unused credits carry over instead of expiring at the period's end. */
    rollover: z.boolean(),
    retired: z.boolean(),
  })
  .meta({ id: "SubscriptionPlan" });

export type SubscriptionPlanJson = z.output<typeof subscriptionPlanSchema>;

export const companySubscriptionSchema = z
  .strictObject({
    id: z.number().int(),
    plan: subscriptionPlanSchema,
    status: z.enum(["active", "past_due", "canceled"]),
    pays_by: z.enum(["card", "transfer"]),
    current_period_start: timestamp,
    current_period_end: timestamp,
    /** Ends when the period ends: no further period is invoiced. */
    cancel_at_period_end: z.boolean(),
    canceled_at: timestamp.nullable(),
    /**
     * The coupon taken when it began (issue 63) and until when it discounts: each period that
     * begins before `ends_at` (null: every period). Null without one.
     */
    coupon: z
      .strictObject({
        code: z.string(),
        /** The discount line's words: `Discount LAUNCH20 (20%)`. */
        description: z.string(),
        duration: z.enum(["once", "repeating", "forever"]),
        ends_at: timestamp.nullable(),
      })
      .nullable(),
    /** The credits this period gave, and those of them spent and still usable. */
    period_credits: z.strictObject({
      given: z.number().int(),
      spent: z.number().int(),
      left: z.number().int(),
    }),
    /** A cheaper plan of the same interval it moves to when this period ends, else null. */
    next_plan: z.string().nullable(),
    /**
     * On invoice, past_due: the period invoice unpaid past its due date, and when the
     * subscription ends unless it is paid (its due date + the grace days). Else null.
     */
    past_due: z
      .strictObject({
        invoice_id: z.number().int(),
        invoice_number: z.string(),
        amount_minor: z.number().int(),
        currency: z.string(),
        due_at: timestamp,
        ends_at: timestamp,
      })
      .nullable(),
  })
  .meta({ id: "CompanySubscription" });

export type CompanySubscriptionJson = z.output<typeof companySubscriptionSchema>;

export const subscriptionAnswerSchema = z.strictObject({
  /** The company's live subscription, else its last one, else null. */
  subscription: companySubscriptionSchema.nullable(),
  /** The plans on sale. */
  plans: z.array(subscriptionPlanSchema),
});

export const subscriptionInputSchema = z.strictObject({
  /** A subscription plan on sale, by its slug (else 422). */
  plan: offerSlug("Choose one of the subscription plans on the pricing page"),
});

/** Subscribing (issue 63): the plan, and a coupon code for it (422 on `coupon_code` when it does not apply). */
export const subscriptionStartInputSchema = subscriptionInputSchema.extend({
  coupon_code: couponField,
});

/**
 * A subscription started or changed: by card, where to pay (Stripe Checkout) until Stripe says
 * it started; on invoice, the subscription and the period's invoice.
 */
export const subscriptionStartSchema = z.strictObject({
  checkout_url: z.string().nullable(),
  subscription: companySubscriptionSchema.nullable(),
  invoice: invoiceSummarySchema.nullable(),
  /** A change of interval on invoice: the credit notes for the unused part of the period. */
  credit_notes: z.array(invoiceSummarySchema).optional(),
  /** A change of interval on invoice: the new invoice less the credit notes (with tax). */
  due_now_minor: z.number().int().nullable().optional(),
});

export const subscriptionPortalSchema = z.strictObject({
  /** Stripe's customer portal, where the card is changed or the subscription canceled. */
  url: z.string(),
});
