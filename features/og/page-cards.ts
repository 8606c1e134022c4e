import { formatCount, formatDate } from "@/lib/format";
import type { LegalDocument } from "@/features/content/legal";
import type { Card } from "@/features/og/address";
import { pageCard } from "@/features/og/base";
import type { OfferSummary } from "@/features/content/offer-types";
import { PAGE_COPY } from "@/features/content/page-copy";
import { tagLabel } from "@/features/content/post-types";
import { formatPlanPrice, LISTING_PLANS, RECRUITMENT_PLANS } from "@/features/billing/pricing";

/*
 * The site's own pages (kind "page"): the page's eyebrow, title and description
 * (features/content/page-copy.ts, the words the page renders), and a fact the page shows where it has
 * one. Named by the page: home, about, talent, pricing, submit, recruitment-services, blog, a legal
 * document's name (privacy) and offer-{id}. A paged page (/?page=2, /blog?page=2) has page 1's
 * card.
 */

/**
 * The talent page's card: how many candidates it lists. `total` is the unfiltered count; a
 * filtered page (null) links the card without a version, as its count is not the card's.
 */
export function talentCard(total: number | null): Card {
  const note =
    total === null ? null : `${formatCount(total)} ${total === 1 ? "candidate" : "candidates"}`;
  const made = pageCard("talent", PAGE_COPY.talent, { note });
  return total === null ? { ...made, version: null } : made;
}

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

/** The blog's topics shown on a card: the first few of those the page lists. */
const BLOG_TOPICS = 5;

/** The blog's card: its topics (the same on every page of the blog, and with any topic). */
export const blogCard = (tags: readonly string[]) =>
  pageCard("blog", PAGE_COPY.blog, { chips: tags.slice(0, BLOG_TOPICS).map(tagLabel) });

/** A legal document's card: its title, summary and when it was last updated. */
export const legalCard = (
  document: Pick<LegalDocument, "name" | "title" | "summary" | "updated">,
) =>
  pageCard(
    document.name,
    { eyebrow: "Legal", title: document.title, description: document.summary },
    { note: `Last updated ${formatDate(document.updated)}` },
  );

/** A partner offer's card: its partner, discount and last day (or that it has ended). */
export const offerCard = (
  offer: Pick<
    OfferSummary,
    "id" | "partner" | "title" | "summary" | "discount" | "expires" | "category"
  >,
  ended: boolean,
) =>
  pageCard(
    `offer-${offer.id}`,
    {
      eyebrow: `Partner offer · ${offer.category}`,
      title: offer.title,
      description: offer.summary,
    },
    {
      chips: [offer.partner, offer.discount],
      note: ended
        ? `This offer ended on ${formatDate(offer.expires)}`
        : `Claim by ${formatDate(offer.expires)}`,
    },
  );
