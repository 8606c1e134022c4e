import { formatDate } from "@/lib/format";
import type { LegalDocument } from "@/features/content/legal";
import { pageCard } from "@/lib/og/base";
import type { OfferSummary } from "@/features/content/offer-types";
import { PAGE_COPY } from "@/features/content/page-copy";
import { tagLabel } from "@/features/content/post-types";

/*
 * The social cards (og:image, kind "page") of content's pages: the blog, a legal document and a
 * partner offer: the page's eyebrow, title and description (features/content/page-copy.ts, the
 * words the page renders, or the document's or offer's own), and a fact the page shows. Named by
 * the page: blog, a legal document's name (privacy) and offer-{id}. A paged page (/blog?page=2) has
 * page 1's card. The home and about pages' cards are in og-copy-cards.ts; the other site pages'
 * are with their feature (features/billing/og-card.ts, features/directory/og-card.ts). lib/og
 * makes the address; features/og/server draws the card.
 */

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
