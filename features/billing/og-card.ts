import { pageCard } from "@/lib/og/base";
import { PAGE_COPY } from "@/features/content/page-copy";
import { RECRUITMENT_PLANS } from "@/features/billing/pricing";
import { formatPlanPrice, plansOnSale, type Offer } from "@/features/billing/offer";

/*
 * The social cards (og:image, kind "page") of the pages that list plans: /pricing, /submit and
 * /recruitment-services, the page's own words (features/content/page-copy.ts) and its plans
 * (lib/og makes the address; features/og/server draws the card).
 */

const listingPlanChips = (offer: Offer) =>
  plansOnSale(offer).map((plan) => `${plan.name}: ${formatPlanPrice(offer, plan)}`);

/**
 * /pricing and /submit: the listing plans on sale and their prices, as both pages offer them
 * (the card's address changes with them).
 */
export const listingPlansCard = (page: "pricing" | "submit", offer: Offer) =>
  pageCard(page, PAGE_COPY[page], { chips: listingPlanChips(offer) });

/** /recruitment-services: the services it offers. */
export const recruitmentCard = () =>
  pageCard("recruitment-services", PAGE_COPY["recruitment-services"], {
    chips: RECRUITMENT_PLANS.map((plan) => plan.name),
  });
