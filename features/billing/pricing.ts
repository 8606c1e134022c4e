/*
 * The recruitment services /recruitment-services describes and its enquiries name. What the
 * board sells by listing (plans and packs) is its owner's to set: offer.ts and server/offer.ts.
 */

import type { RecruitmentPlanId } from "@/lib/model/billing";

// The services' ids are the data model's (the enquiries table checks them): lib/model/billing.ts.
export { RECRUITMENT_PLAN_IDS, type RecruitmentPlanId } from "@/lib/model/billing";

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

export const recruitmentPlan = (id: string): RecruitmentPlan | undefined =>
  RECRUITMENT_PLANS.find((plan) => plan.id === id);
