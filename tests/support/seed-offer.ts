import type { Offer } from "@/features/billing/offer";

/**
 * The offer migration 0040 seeds (what had been constants before issue 63), for component tests
 * that render prices without a database. tests/db/offer.test.ts checks it against a fresh
 * database's, so it cannot drift.
 */
export const SEED_OFFER: Offer = {
  currency: "usd",
  plans: [
    {
      id: "standard",
      name: "Standard",
      price_minor: 0,
      days: 30,
      sponsored: false,
      summary: "A listing on the board, reviewed by a person within one working day.",
      includes: [
        "Listed for 30 days",
        "In its department, region and type pages",
        "In job alerts that match it",
      ],
      recommended: false,
      retired: false,
    },
    {
      id: "sponsored",
      name: "Sponsored",
      price_minor: 19900,
      days: 30,
      sponsored: true,
      summary: "In the sponsored places at the top of every list it is in, for 30 days.",
      includes: [
        "Everything in Standard",
        "Takes turns, hour by hour, in the top five places of every list and search it is in",
        "Highlighted with a Sponsored badge",
        "In the Sponsored section of every weekly newsletter while live",
      ],
      recommended: true,
      retired: false,
    },
    {
      id: "featured",
      name: "Featured",
      price_minor: 34900,
      days: 60,
      sponsored: true,
      summary: "Sponsored for twice as long, and promoted on our social channels.",
      includes: [
        "Everything in Sponsored",
        "Listed and sponsored for 60 days",
        "A post on our social channels",
        "In every weekly newsletter for all 60 days",
      ],
      recommended: false,
      retired: false,
    },
  ],
  packs: [
    {
      id: "sponsored-3",
      plan: "sponsored",
      name: "3 Sponsored listings",
      listings: 3,
      price_minor: 49900,
      credit_months: 12,
      retired: false,
    },
    {
      id: "sponsored-10",
      plan: "sponsored",
      name: "10 Sponsored listings",
      listings: 10,
      price_minor: 149000,
      credit_months: 12,
      retired: false,
    },
    {
      id: "featured-3",
      plan: "featured",
      name: "3 Featured listings",
      listings: 3,
      price_minor: 87900,
      credit_months: 12,
      retired: false,
    },
    {
      id: "featured-10",
      plan: "featured",
      name: "10 Featured listings",
      listings: 10,
      price_minor: 249000,
      credit_months: 12,
      retired: false,
    },
  ],
  comparison: [
    {
      feature: "Reviewed and published within one working day",
      plans: ["standard", "sponsored", "featured"],
    },
    { feature: "Department, region and type pages", plans: ["standard", "sponsored", "featured"] },
    { feature: "Job alerts to matching candidates", plans: ["standard", "sponsored", "featured"] },
    { feature: "Sponsored places at the top of lists", plans: ["sponsored", "featured"] },
    { feature: "Sponsored badge", plans: ["sponsored", "featured"] },
    { feature: "In every weekly newsletter while live", plans: ["sponsored", "featured"] },
    { feature: "Social media post", plans: ["featured"] },
    { feature: "60 days instead of 30", plans: ["featured"] },
  ],
};
