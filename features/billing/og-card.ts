import { pageCard } from "@/lib/og/base";
import { PAGE_COPY } from "@/features/content/page-copy";
import { formatPlanPrice, LISTING_PLANS, RECRUITMENT_PLANS } from "@/features/billing/pricing";

/*
 * The social cards (og:image, kind "page") of the pages that list plans: /pricing, /submit and
 * /recruitment-services, the page's own words (features/content/page-copy.ts) and its plans
 * (lib/og makes the address; features/og/server draws the card).
 */

const listingPlanChips = () =>
  LISTING_PLANS.map((plan) => `${plan.name}: ${formatPlanPrice(plan.price)}`);

/** /pricing and /submit: the listing plans and their prices, as both pages offer them. */
export const listingPlansCard = (page: "pricing" | "submit") =>
  pageCard(page, PAGE_COPY[page], { chips: listingPlanChips() });

/** /recruitment-services: the services it offers. */
export const recruitmentCard = () =>
  pageCard("recruitment-services", PAGE_COPY["recruitment-services"], {
    chips: RECRUITMENT_PLANS.map((plan) => plan.name),
  });
