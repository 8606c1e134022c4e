/*
 * Every plan the product sells, in one place: /pricing, /recruitment-services and /submit all
 * read from here, and so will payment. Prices are in whole US dollars.
 */

import type { ListingPlanId, PaidPlanId, RecruitmentPlanId } from "@/lib/model/billing";

// The plans' ids are the data model's (the tables check them): lib/model/billing.ts.
export {
  LISTING_PLAN_IDS,
  RECRUITMENT_PLAN_IDS,
  type ListingPlanId,
  type PaidPlanId,
  type RecruitmentPlanId,
} from "@/lib/model/billing";

export type ListingPlan = {
  id: ListingPlanId;
  name: string;
  /** 0 for a free listing. */
  price: number;
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
  recommended?: boolean;
};

export const LISTING_PLANS: readonly ListingPlan[] = [
  {
    id: "standard",
    name: "Standard",
    price: 0,
    days: 30,
    sponsored: false,
    summary: "A listing on the board, reviewed by a person within one working day.",
    includes: [
      "Listed for 30 days",
      "In its department, region and type pages",
      "In job alerts that match it",
    ],
  },
  {
    id: "sponsored",
    name: "Sponsored",
    price: 199,
    days: 30,
    sponsored: true,
    recommended: true,
    summary: "In the sponsored places at the top of every list it is in, for 30 days.",
    includes: [
      "Everything in Standard",
      "Takes turns, hour by hour, in the top five places of every list and search it is in",
      "Highlighted with a Sponsored badge",
      "In the weekly newsletter",
    ],
  },
  {
    id: "featured",
    name: "Featured",
    price: 349,
    days: 60,
    sponsored: true,
    summary: "Sponsored for twice as long, and promoted on our social channels.",
    includes: [
      "Everything in Sponsored",
      "Listed and sponsored for 60 days",
      "A post on our social channels",
      "A second newsletter mention after 30 days",
    ],
  },
];

/** The comparison table on /pricing: each row, and which plans have it. */
export const LISTING_COMPARISON: readonly { feature: string; plans: ListingPlanId[] }[] = [
  {
    feature: "Reviewed and published within one working day",
    plans: ["standard", "sponsored", "featured"],
  },
  { feature: "Department, region and type pages", plans: ["standard", "sponsored", "featured"] },
  { feature: "Job alerts to matching candidates", plans: ["standard", "sponsored", "featured"] },
  { feature: "Sponsored places at the top of lists", plans: ["sponsored", "featured"] },
  { feature: "Sponsored badge", plans: ["sponsored", "featured"] },
  { feature: "Weekly newsletter", plans: ["sponsored", "featured"] },
  { feature: "Social media post", plans: ["featured"] },
  { feature: "60 days instead of 30", plans: ["featured"] },
];

export type RecruitmentPlan = {
  id: RecruitmentPlanId;
  name: string;
  /** How the price reads: services are priced in different units. */
  price: string;
  priceNote: string;
  summary: string;
  includes: string[];
  recommended?: boolean;
};

export const RECRUITMENT_PLANS: readonly RecruitmentPlan[] = [
  {
    id: "shortlist",
    name: "Shortlist",
    price: "$2,500",
    priceNote: "per role, flat",
    summary: "Five screened candidates for one role in ten working days.",
    includes: [
      "A kickoff call to shape the brief",
      "Sourcing across our candidates and network",
      "Five screened, interested candidates",
      "Notes on each candidate's fit and pay expectations",
    ],
  },
  {
    id: "search",
    name: "Full search",
    price: "18%",
    priceNote: "of first-year salary, on hire",
    recommended: true,
    summary: "We run the search end to end, and you pay only when someone starts.",
    includes: [
      "Everything in Shortlist",
      "Interview scheduling and candidate follow-up",
      "Reference checks and offer support",
      "A free replacement if the hire leaves within 90 days",
    ],
  },
  {
    id: "embedded",
    name: "Embedded recruiter",
    price: "$6,000",
    priceNote: "per month, cancel monthly",
    summary: "A recruiter who knows the creator economy, working as part of your team.",
    includes: [
      "A dedicated recruiter, about 20 hours a week",
      "Any number of open roles",
      "Employer branding and job post writing",
      "Weekly pipeline reports",
    ],
  },
];

/*
 * Packs (issue 45): listings of a paid plan bought ahead, at a discount. Each listing in a pack
 * is a credit that belongs to the company, lasts CREDIT_MONTHS from purchase, and is spent
 * (oldest first) instead of paying when a listing is posted, renewed or upgraded on its plan.
 */

export type ListingPack = {
  id: string;
  plan: PaidPlanId;
  name: string;
  /** How many listings (credits) it holds. */
  listings: number;
  /** Whole US dollars for the pack. */
  price: number;
};

/** How long a credit lasts from the pack's purchase. */
export const CREDIT_MONTHS = 12;

export const LISTING_PACKS: readonly ListingPack[] = [
  { id: "sponsored-3", plan: "sponsored", name: "3 Sponsored listings", listings: 3, price: 499 },
  {
    id: "sponsored-10",
    plan: "sponsored",
    name: "10 Sponsored listings",
    listings: 10,
    price: 1490,
  },
  { id: "featured-3", plan: "featured", name: "3 Featured listings", listings: 3, price: 879 },
  { id: "featured-10", plan: "featured", name: "10 Featured listings", listings: 10, price: 2490 },
];

export const listingPack = (id: string): ListingPack | undefined =>
  LISTING_PACKS.find((pack) => pack.id === id);

/** What a pack saves against buying its listings one at a time, in whole percent. */
export const packSaving = (pack: ListingPack): number => {
  const single = listingPlan(pack.plan)!.price * pack.listings;
  return Math.round(((single - pack.price) / single) * 100);
};

/**
 * What upgrading a live listing from `from` to `to` costs for the rest of its time: the
 * difference between the plans' prices; null when `to` is no upgrade of `from`.
 */
export const upgradePrice = (from: ListingPlanId, to: ListingPlanId): number | null => {
  const [a, b] = [listingPlan(from), listingPlan(to)];
  if (!a || !b || b.price <= a.price) return null;
  return b.price - a.price;
};

export const listingPlan = (id: string): ListingPlan | undefined =>
  LISTING_PLANS.find((plan) => plan.id === id);

export const recruitmentPlan = (id: string): RecruitmentPlan | undefined =>
  RECRUITMENT_PLANS.find((plan) => plan.id === id);

/** "$199" or "Free". */
export const formatPlanPrice = (price: number) => (price === 0 ? "Free" : `$${price}`);
