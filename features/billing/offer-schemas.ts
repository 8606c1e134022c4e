// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { BOARD_CURRENCIES, COUPON_DURATIONS, SUBSCRIPTION_INTERVALS } from "@/lib/model/billing";
import { singleLine, timestamp } from "@/lib/validation/fields";

/*
 * What a moderator sends to change the offer (issue 63) and what the console reads: the plans,
 * the packs, the subscription plans and the board's selling settings. Browser-safe: the console's forms check the same
 * rules before they send. What needs the database (a slug already taken, a pack's plan on sale,
 * the comparison's plans) is checked by server/offer-console.ts, as field errors of the same keys.
 */

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const OFFER_LIMITS = {
  slug: { min: 2, max: 40 },
  name: 60,
  summary: 300,
  includes: { items: 12, length: 160 },
  planPriceMax: 100_000_000,
  days: { min: 1, max: 365 },
  listings: { min: 1, max: 1000 },
  creditMonths: { min: 1, max: 36 },
  comparison: { rows: 20, feature: 120 },
  position: 1000,
  couponMonths: { min: 1, max: 36 },
} as const;

const slug = (noun: string) =>
  z
    .string(`Give the ${noun}'s slug`)
    .min(OFFER_LIMITS.slug.min, `Make the slug at least ${OFFER_LIMITS.slug.min} characters`)
    .max(OFFER_LIMITS.slug.max, `Keep the slug under ${OFFER_LIMITS.slug.max + 1} characters`)
    .regex(
      SLUG_PATTERN,
      "Use lower-case letters and digits, words joined by single hyphens (like sponsored-plus)",
    );

const name = singleLine(
  z
    .string("Give it a name")
    .trim()
    .min(1, "Give it a name")
    .max(OFFER_LIMITS.name, `Keep the name under ${OFFER_LIMITS.name + 1} characters`),
);

const position = z
  .int("Give the position as a whole number")
  .min(0, "The position cannot be below zero")
  .max(OFFER_LIMITS.position, `Keep the position under ${OFFER_LIMITS.position + 1}`);

const planFields = {
  name,
  price_minor: z
    .int("Give the price in cents, a whole number")
    .min(0, "The price cannot be below zero")
    .max(OFFER_LIMITS.planPriceMax, "Keep the price under 1,000,000"),
  days: z
    .int("Give the days as a whole number")
    .min(OFFER_LIMITS.days.min, "A listing stays up at least 1 day")
    .max(OFFER_LIMITS.days.max, "A listing stays up at most 365 days"),
  sponsored: z.boolean("Say whether it is sponsored"),
  /** Each listing on it posted on the board's social channels (features/social); left out: kept. */
  social_post: z.boolean("Say whether its listings are posted on the social channels").optional(),
  recommended: z.boolean("Say whether it is recommended"),
  summary: z
    .string("Give a summary, or leave it empty")
    .trim()
    .max(OFFER_LIMITS.summary, `Keep the summary under ${OFFER_LIMITS.summary + 1} characters`),
  includes: z
    .array(
      singleLine(
        z
          .string("Each line of what it includes is text")
          .trim()
          .min(1, "Remove the empty line from what it includes")
          .max(
            OFFER_LIMITS.includes.length,
            `Keep each line under ${OFFER_LIMITS.includes.length + 1} characters`,
          ),
      ),
      "List what it includes",
    )
    .max(OFFER_LIMITS.includes.items, `List at most ${OFFER_LIMITS.includes.items} lines`),
  position: position.optional(),
};

/** A new plan: its slug is given once and never changes. */
export const planCreateSchema = z.strictObject({ slug: slug("plan"), ...planFields });
/** A plan's changes: every field but the slug (without a position, it keeps its place). */
export const planUpdateSchema = z.strictObject(planFields);

/** The price of a pack or a subscription's period: above zero. */
const paidPrice = (message: string) =>
  z
    .int("Give the price in cents, a whole number")
    .min(1, message)
    .max(OFFER_LIMITS.planPriceMax, "Keep the price under 1,000,000");

const packFields = {
  plan: z.string("Choose the plan its listings are of").min(1, "Choose the plan"),
  name,
  listings: z
    .int("Give the number of listings as a whole number")
    .min(OFFER_LIMITS.listings.min, "A pack holds at least 1 listing")
    .max(OFFER_LIMITS.listings.max, "A pack holds at most 1,000 listings"),
  price_minor: paidPrice("A pack has a price above zero"),
  credit_months: z
    .int("Give the months as a whole number")
    .min(OFFER_LIMITS.creditMonths.min, "Its credits last at least 1 month")
    .max(OFFER_LIMITS.creditMonths.max, "Its credits last at most 36 months"),
  position: position.optional(),
};

export const packCreateSchema = z.strictObject({ slug: slug("pack"), ...packFields });
export const packUpdateSchema = z.strictObject(packFields);

/** A subscription plan: a price each month or year for `listings` credits of a paid plan. */
const subscriptionPlanFields = {
  name,
  interval: z.enum(SUBSCRIPTION_INTERVALS, "Choose monthly or yearly"),
  price_minor: paidPrice("A subscription has a price above zero"),
  listings: z
    .int("Give the number of listings as a whole number")
    .min(OFFER_LIMITS.listings.min, "Each period gives at least 1 listing")
    .max(OFFER_LIMITS.listings.max, "Each period gives at most 1,000 listings"),
  plan: z.string("Choose the plan its listings are of").min(1, "Choose the plan"),
  rollover: z.boolean("Say whether unused listings carry over"),
  position: position.optional(),
};

export const subscriptionPlanCreateSchema = z.strictObject({
  slug: slug("subscription plan"),
  ...subscriptionPlanFields,
});
export const subscriptionPlanUpdateSchema = z.strictObject(subscriptionPlanFields);

export const offerSettingsInputSchema = z.strictObject({
  currency: z.enum(BOARD_CURRENCIES, "Choose one of the board's currencies"),
  comparison: z
    .array(
      z.strictObject({
        feature: singleLine(
          z
            .string("Give each row's feature")
            .trim()
            .min(1, "Give each row's feature")
            .max(
              OFFER_LIMITS.comparison.feature,
              `Keep each feature under ${OFFER_LIMITS.comparison.feature + 1} characters`,
            ),
        ),
        plans: z.array(z.string("Name plans by their slug"), "List the plans that have it"),
      }),
      "List the comparison's rows",
    )
    .max(
      OFFER_LIMITS.comparison.rows,
      `Keep the comparison under ${OFFER_LIMITS.comparison.rows + 1} rows`,
    ),
});

/** Retiring or restoring: nothing to send, the method says which (POST retires, DELETE restores). */
export const offerSlugParams = (noun: "Plan" | "Pack" | "Subscription plan") =>
  z.strictObject({
    slug: z
      .string()
      .max(OFFER_LIMITS.slug.max, `${noun} not found`)
      .regex(SLUG_PATTERN, `${noun} not found`),
  });

export const consolePlanSchema = z.strictObject({
  /** The row's id (the audit log's subject); the slug is what everything else names it by. */
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  price_minor: z.int(),
  days: z.int(),
  sponsored: z.boolean(),
  social_post: z.boolean(),
  recommended: z.boolean(),
  summary: z.string(),
  includes: z.array(z.string()),
  position: z.int(),
  /** The free plan every board keeps: free, never retired. */
  base: z.boolean(),
  retired_at: timestamp.nullable(),
  updated_at: timestamp,
});

export const consolePackSchema = z.strictObject({
  id: z.int(),
  slug: z.string(),
  plan: z.string(),
  name: z.string(),
  listings: z.int(),
  price_minor: z.int(),
  credit_months: z.int(),
  position: z.int(),
  retired_at: timestamp.nullable(),
  updated_at: timestamp,
});

export const consoleSubscriptionPlanSchema = z.strictObject({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  interval: z.enum(SUBSCRIPTION_INTERVALS),
  price_minor: z.int(),
  listings: z.int(),
  /** The listing plan its credits are of. */
  plan: z.string(),
  /** Unused listings carry over to the next periods instead of expiring. */
  rollover: z.boolean(),
  position: z.int(),
  retired_at: timestamp.nullable(),
  updated_at: timestamp,
});

export const consoleSettingsSchema = z.strictObject({
  currency: z.enum(BOARD_CURRENCIES),
  comparison: z.array(z.strictObject({ feature: z.string(), plans: z.array(z.string()) })),
  updated_at: timestamp,
});

/** The whole offer, retired plans and packs included, for the console. */
export const consoleOfferSchema = z.strictObject({
  ...consoleSettingsSchema.shape,
  plans: z.array(consolePlanSchema),
  packs: z.array(consolePackSchema),
  subscription_plans: z.array(consoleSubscriptionPlanSchema),
});

/** A plan retired: its packs and subscription plans on sale leave the sale with it (slugs). */
export const planRetiredSchema = z.strictObject({
  plan: consolePlanSchema,
  retired_packs: z.array(z.string()),
  retired_subscription_plans: z.array(z.string()),
});

export type ConsolePlan = z.output<typeof consolePlanSchema>;
export type ConsolePack = z.output<typeof consolePackSchema>;
export type ConsoleSubscriptionPlan = z.output<typeof consoleSubscriptionPlanSchema>;
export type ConsoleOffer = z.output<typeof consoleOfferSchema>;
export type PlanCreateInput = z.output<typeof planCreateSchema>;
export type PlanUpdateInput = z.output<typeof planUpdateSchema>;
export type PackCreateInput = z.output<typeof packCreateSchema>;
export type PackUpdateInput = z.output<typeof packUpdateSchema>;
export type SubscriptionPlanCreateInput = z.output<typeof subscriptionPlanCreateSchema>;
export type SubscriptionPlanUpdateInput = z.output<typeof subscriptionPlanUpdateSchema>;
export type OfferSettingsInput = z.output<typeof offerSettingsInputSchema>;

/* Coupons (issue 63). */

export const COUPON_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;

const optionalCount = (message: string) =>
  z.int(message).min(1, message).max(1_000_000, message).nullable();

/** A coupon as a moderator adds or changes it: a percent (basis points) or an amount off. */
export const couponInputSchema = z
  .strictObject({
    code: z
      .string("Give the code")
      .trim()
      .transform((code) => code.toUpperCase())
      .pipe(z.string().regex(COUPON_CODE_PATTERN, "3 to 32 letters, digits or dashes")),
    kind: z.enum(["percent", "amount"], "Choose a percent or an amount off"),
    percent_bp: z
      .int("Give the percent in basis points, a whole number")
      .min(1, "Between 0.01% and 100%")
      .max(10_000, "Between 0.01% and 100%")
      .nullable()
      .default(null),
    amount_minor: z
      .int("Give the amount in cents, a whole number")
      .min(1, "An amount above zero")
      .max(OFFER_LIMITS.planPriceMax, "Keep the amount under 1,000,000")
      .nullable()
      .default(null),
    /** Plans', packs' and subscription plans' slugs (each one of the offer, else 422); empty: everything. */
    applies_to: z
      .array(z.string().regex(SLUG_PATTERN, "Choose plans, packs and subscription plans"))
      .max(50)
      .default([]),
    expires_at: timestamp.nullable().default(null),
    max_redemptions: optionalCount("Give the uses in all as a whole number, 1 or more").default(
      null,
    ),
    max_per_company: optionalCount(
      "Give the uses by a company as a whole number, 1 or more",
    ).default(null),
    first_order_only: z.boolean().default(false),
    min_order_minor: z
      .int("Give the minimum order in cents, a whole number")
      .min(0, "A minimum of zero or more")
      .nullable()
      .default(null),
    /**
     * On a subscription: the first period (once), each period begun within N months of its start
     * (repeating; a yearly period begun within them is discounted whole), or every period.
     */
    duration: z.enum(COUPON_DURATIONS, "Choose once, for some months, or for ever").default("once"),
    duration_in_months: z
      .int("Give the months as a whole number")
      .min(OFFER_LIMITS.couponMonths.min, "For 1 month or more")
      .max(OFFER_LIMITS.couponMonths.max, "For 36 months at most")
      .nullable()
      .default(null),
  })
  .superRefine((input, context) => {
    if (input.duration === "repeating" && input.duration_in_months === null) {
      context.addIssue({
        code: "custom",
        path: ["duration_in_months"],
        message: "Give the months it lasts",
      });
    }
    if (input.kind === "percent" && input.percent_bp === null) {
      context.addIssue({ code: "custom", path: ["percent_bp"], message: "Give the percent off" });
    }
    if (input.kind === "amount" && input.amount_minor === null) {
      context.addIssue({ code: "custom", path: ["amount_minor"], message: "Give the amount off" });
    }
  });

export type CouponFormInput = z.output<typeof couponInputSchema>;

export const couponParams = z.strictObject({
  couponId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, "Coupon not found")
    .transform(Number),
});

export const consoleCouponSchema = z
  .strictObject({
    id: z.int(),
    code: z.string(),
    kind: z.enum(["percent", "amount"]),
    percent_bp: z.int().nullable(),
    amount_minor: z.int().nullable(),
    applies_to: z.array(z.string()),
    expires_at: timestamp.nullable(),
    max_redemptions: z.int().nullable(),
    max_per_company: z.int().nullable(),
    first_order_only: z.boolean(),
    min_order_minor: z.int().nullable(),
    duration: z.enum(COUPON_DURATIONS),
    /** The months of a `repeating` coupon; null otherwise. */
    duration_in_months: z.int().nullable(),
    /** Uses that count now (invoiced, or a Checkout session under 24 hours old). */
    uses: z.int(),
    state: z.enum(["active", "expired", "used_up", "retired"]),
    retired_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "ConsoleCoupon" });

export type ConsoleCoupon = z.output<typeof consoleCouponSchema>;

export const consoleCouponsSchema = z.strictObject({ coupons: z.array(consoleCouponSchema) });
