import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  BOARD_CURRENCIES,
  COUPON_DURATIONS,
  SUBSCRIPTION_INTERVALS,
  type BoardCurrency,
  type ComparisonRow,
  type CouponDuration,
  type SubscriptionInterval,
} from "@/lib/model/billing";
import { oneOf } from "./checks";

/*
 * What the board sells (issue 63), as its owner sets it from the console: the listing plans, the
 * packs of credits, and the board's selling settings. Migration 0040 seeded them with what had
 * been constants. A plan or pack is never deleted: retired, it leaves the sale and stays named
 * on every listing, credit and invoice that has it. Orders copy what they need (invoices their
 * lines, Checkout its quote), so a change reaches new orders only.
 */

export const listingPlans = pgTable(
  "listing_plans",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** What listings, credits and links name it by: `/submit?plan=sponsored`. Never changes. */
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    /** In the board's currency's minor unit; 0 for a free plan. */
    priceMinor: integer("price_minor").notNull(),
    /** How long a listing on it stays up. */
    days: integer("days").notNull(),
    /** Pinned: takes turns in the sponsored places atop every list it is in, with a badge. */
    sponsored: boolean("sponsored").notNull().default(false),
    /** Each listing on it is posted on the board's connected social channels (features/social). */
    socialPost: boolean("social_post").notNull().default(false),
    summary: text("summary").notNull().default(""),
    includes: jsonb("includes").$type<string[]>().notNull().default([]),
    /** Highlighted on /pricing as the plan most employers should pick. */
    recommended: boolean("recommended").notNull().default(false),
    /** Order on /pricing and /submit. */
    position: integer("position").notNull().default(0),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("listing_plans_slug_idx").on(t.slug),
    check("listing_plans_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("listing_plans_price_check", sql`${t.priceMinor} >= 0`),
    check("listing_plans_days_check", sql`${t.days} between 1 and 365`),
    // At most one plan is recommended: setting one clears the others (server/offer-console).
    uniqueIndex("listing_plans_one_recommended_idx")
      .on(t.recommended)
      .where(sql`${t.recommended}`),
  ],
);

export const listingPacks = pgTable(
  "listing_packs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** What orders and links name it by: `sponsored-3`. Never changes. */
    slug: text("slug").notNull(),
    /** The plan its credits pay for. */
    plan: text("plan")
      .notNull()
      .references(() => listingPlans.slug),
    name: text("name").notNull(),
    /** How many listings (credits) it holds. */
    listings: integer("listings").notNull(),
    priceMinor: integer("price_minor").notNull(),
    /** How long each credit lasts from the purchase. */
    creditMonths: integer("credit_months").notNull().default(12),
    position: integer("position").notNull().default(0),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("listing_packs_slug_idx").on(t.slug),
    check("listing_packs_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("listing_packs_listings_check", sql`${t.listings} between 1 and 1000`),
    check("listing_packs_price_check", sql`${t.priceMinor} > 0`),
    check("listing_packs_months_check", sql`${t.creditMonths} between 1 and 36`),
  ],
);

/** The board's selling settings: one row (id 1). */
export const offerSettings = pgTable(
  "offer_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** ISO 4217, lower case as Stripe writes it: every price and new invoice is in it. */
    currency: text("currency").$type<BoardCurrency>().notNull().default("usd"),
    /** The comparison table on /pricing: each row, and the plans (slugs) that have it. */
    comparison: jsonb("comparison").$type<ComparisonRow[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("offer_settings_one_row", sql`${t.id} = 1`),
    check("offer_settings_currency_check", oneOf(t.currency, BOARD_CURRENCIES)),
  ],
);

/*
 * Coupons and promotion codes (issue 63): a code an employer types at an order for a discount,
 * a line of its own on the invoice. Written only by features/billing/server/coupons.ts. Never
 * deleted: retired, a code is refused and stays on the invoices that have it.
 */

export const COUPON_KINDS = ["percent", "amount"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const coupons = pgTable(
  "coupons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Upper case, as typed in any case: `LAUNCH20`. */
    code: text("code").notNull(),
    kind: text("kind").$type<CouponKind>().notNull(),
    /** A percent coupon's discount, in basis points (2000 = 20%). */
    percentBp: integer("percent_bp"),
    /** An amount coupon's discount, in the board's currency's minor unit. */
    amountMinor: integer("amount_minor"),
    /** The plans' and packs' slugs it is good for; empty: everything. */
    appliesTo: jsonb("applies_to").$type<string[]>().notNull().default([]),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Uses in all; null: no limit. */
    maxRedemptions: integer("max_redemptions"),
    /** Uses by one company; null: no limit. */
    maxPerCompany: integer("max_per_company"),
    /** Only for a company with no invoice yet. */
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    /** The order's net before the discount must reach this. */
    minOrderMinor: integer("min_order_minor"),
    /**
     * On a subscription: the first period only (once), `durationInMonths` months (repeating), or
     * every period (forever). A listing or a pack is one order: any duration discounts it once.
     */
    duration: text("duration").$type<CouponDuration>().notNull().default("once"),
    durationInMonths: integer("duration_in_months"),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupons_code_idx").on(sql`upper(${t.code})`),
    check("coupons_code_check", sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check("coupons_kind_check", oneOf(t.kind, COUPON_KINDS)),
    check(
      "coupons_discount_check",
      sql`(${t.kind} = 'percent' and ${t.percentBp} between 1 and 10000 and ${t.amountMinor} is null) or (${t.kind} = 'amount' and ${t.amountMinor} > 0 and ${t.percentBp} is null)`,
    ),
    check(
      "coupons_limits_check",
      sql`coalesce(${t.maxRedemptions}, 1) >= 1 and coalesce(${t.maxPerCompany}, 1) >= 1 and coalesce(${t.minOrderMinor}, 0) >= 0`,
    ),
    check("coupons_duration_kind_check", oneOf(t.duration, COUPON_DURATIONS)),
    check(
      "coupons_duration_check",
      sql`(${t.duration} = 'repeating') = (${t.durationInMonths} is not null) and coalesce(${t.durationInMonths}, 1) between 1 and 36`,
    ),
  ],
);

/*
 * Employer subscriptions (issue 63): a plan sold by the month or the year that gives the company
 * `listings` credits of a listing plan each period. Unused credits expire at the period's end,
 * or never when the plan rolls them over. Seeded by migration 0046; like a pack, never deleted.
 */

export { SUBSCRIPTION_INTERVALS, type SubscriptionInterval };

export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** What subscriptions and links name it by: `sponsored-monthly`. Never changes. */
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    interval: text("interval").$type<SubscriptionInterval>().notNull(),
    /** The price of one period, in the board's currency's minor unit. */
    priceMinor: integer("price_minor").notNull(),
    /** How many listings (credits) each period gives. */
    listings: integer("listings").notNull(),
    /** The listing plan its credits pay for. */
    plan: text("plan")
      .notNull()
      .references(() => listingPlans.slug),
    /** Unused credits carry over to the next periods (no expiry) instead of expiring. */
    rollover: boolean("rollover").notNull().default(false),
    position: integer("position").notNull().default(0),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscription_plans_slug_idx").on(t.slug),
    check("subscription_plans_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("subscription_plans_interval_check", oneOf(t.interval, SUBSCRIPTION_INTERVALS)),
    check("subscription_plans_price_check", sql`${t.priceMinor} > 0`),
    check("subscription_plans_listings_check", sql`${t.listings} between 1 and 1000`),
  ],
);
