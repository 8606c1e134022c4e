/*
 * What the board sells, as its owner set it (issue 63): the listing plans, the packs of credits,
 * the currency and /pricing's comparison. The server reads it from the database
 * (server/offer.ts) and pages are handed it as props; this module is its shape and the sums
 * made with it, safe in the browser.
 */

import {
  BASE_PLAN_ID,
  type BoardCurrency,
  type ComparisonRow,
  type ListingPlanId,
} from "@/lib/model/billing";
import { formatMoney } from "./documents";

export type { BoardCurrency, ComparisonRow, ListingPlanId, PaidPlanId } from "@/lib/model/billing";
export { BASE_PLAN_ID, BOARD_CURRENCIES } from "@/lib/model/billing";

export type ListingPlan = {
  /** Its slug: what listings, credits and links name it by. */
  id: ListingPlanId;
  name: string;
  /** In the currency's minor unit; 0 for a free listing. */
  price_minor: number;
  /** How long the listing stays up. */
  days: number;
  /**
   * Takes turns in the sponsored slots atop every list it is in (features/jobs/ranking.ts), with a
   * Sponsored badge.
   */
  sponsored: boolean;
  summary: string;
  includes: string[];
  /** The plan most employers should pick; highlighted on /pricing. */
  recommended: boolean;
  /** Off sale: kept for the listings, credits and invoices that name it. */
  retired: boolean;
};

/**
 * Listings of a paid plan bought ahead, at a discount (issue 45). Each listing in a pack is a
 * credit that belongs to the company, lasts `credit_months` from purchase, and is spent (oldest
 * first) instead of paying when a listing is posted, renewed or upgraded on its plan.
 */
export type ListingPack = {
  /** Its slug. */
  id: string;
  plan: ListingPlanId;
  name: string;
  /** How many listings (credits) it holds. */
  listings: number;
  price_minor: number;
  credit_months: number;
  retired: boolean;
};

export type Offer = {
  currency: BoardCurrency;
  /** In their order on /pricing, retired ones included. */
  plans: ListingPlan[];
  packs: ListingPack[];
  comparison: ComparisonRow[];
};

/** The plans an employer may choose today, in order. */
export const plansOnSale = (offer: Offer): ListingPlan[] =>
  offer.plans.filter((plan) => !plan.retired);

/** The paid plans on sale: what packs and upgrades are of. */
export const paidPlansOnSale = (offer: Offer): ListingPlan[] =>
  plansOnSale(offer).filter((plan) => plan.price_minor > 0);

/** The packs on sale, of plans on sale. */
export const packsOnSale = (offer: Offer): ListingPack[] =>
  offer.packs.filter((pack) => !pack.retired && planOf(offer, pack.plan)?.retired === false);

/** A plan by its slug, retired or not. */
export const planOf = (offer: Offer, id: string): ListingPlan | undefined =>
  offer.plans.find((plan) => plan.id === id);

export const packOf = (offer: Offer, id: string): ListingPack | undefined =>
  offer.packs.find((pack) => pack.id === id);

/** The free plan every board keeps. */
export const basePlan = (offer: Offer): ListingPlan => planOf(offer, BASE_PLAN_ID)!;

/** What a pack saves against buying its listings one at a time, in whole percent. */
export const packSaving = (offer: Offer, pack: ListingPack): number => {
  const single = (planOf(offer, pack.plan)?.price_minor ?? 0) * pack.listings;
  return single > 0 ? Math.round(((single - pack.price_minor) / single) * 100) : 0;
};

/**
 * What upgrading a live listing from `from` to `to` costs for the rest of its time: the
 * difference between the plans' prices, in minor units; null when `to` is no upgrade of `from`
 * (or not on sale).
 */
export const upgradePrice = (offer: Offer, from: string, to: string): number | null => {
  const [a, b] = [planOf(offer, from), planOf(offer, to)];
  if (!a || !b || b.retired || b.price_minor <= a.price_minor) return null;
  return b.price_minor - a.price_minor;
};

/** An amount as price lists print it: "$199", "$19.50", "PLN 99", "$0". */
export const formatAmount = (minor: number, currency: string): string =>
  // Whole amounts without their zero cents.
  formatMoney(minor, currency).replace(/[.,]00(?=\D*$)/, "");

/** A price as the board prints it: "$199", "$19.50", or "Free" for nothing. */
export const formatPrice = (minor: number, currency: string): string =>
  minor === 0 ? "Free" : formatAmount(minor, currency);

/** A plan's price as /pricing and /submit print it. */
export const formatPlanPrice = (offer: Offer, plan: ListingPlan) =>
  formatPrice(plan.price_minor, offer.currency);

/** A percent in basis points as the board prints it: "20%", "12.5%" (coupons, issue 63). */
export const percentLabel = (bp: number) => `${(bp / 100).toString()}%`;

/**
 * The last day a coupon can be used, "2026-12-31" (UTC): it expires at the start of the next
 * day, which is what the console sends for the day typed.
 */
export const couponLastDay = (expiresAt: string) =>
  new Date(Date.parse(expiresAt) - 1).toISOString().slice(0, 10);

/**
 * An employer subscription's plan (issue 63), as `GET /api/company/subscription` and /pricing
 * show it: `listings` credits of the listing plan `plan` every `interval`.
 */
export type SubscriptionPlan = {
  id: string;
  name: string;
  interval: "month" | "year";
  price_minor: number;
  listings: number;
  plan: string;
  rollover: boolean;
  retired: boolean;
};

/** "3 Sponsored listings a month, unused ones expire at the month's end". */
export function subscriptionGives(plan: SubscriptionPlan, offer: Offer): string {
  const listingPlan = planOf(offer, plan.plan)?.name ?? plan.plan;
  const each = plan.interval === "month" ? "a month" : "a year";
  const unused = plan.rollover
    ? "unused ones carry over"
    : `unused ones expire at the ${plan.interval}'s end`;
  return `${plan.listings} ${listingPlan} ${plan.listings === 1 ? "listing" : "listings"} ${each}, ${unused}`;
}

/** "$499 a month". */
export const subscriptionPrice = (plan: SubscriptionPlan, offer: Offer) =>
  `${formatPrice(plan.price_minor, offer.currency)} a ${plan.interval}`;
