import { getSocialCard } from "@/lib/api/public-routes.generated";
import { pathPrefix, routePath } from "@/lib/api/paths";
import { SITE_URL } from "@/lib/site";

/*
 * A social card's address and what it shows (each feature builds its pages' cards on lib/og/base.ts,
 * in its og-card.ts; features/og/server draws them): small, as every page's head
 * (components/seo.tsx) takes it.
 */

export const CARD_KINDS = [
  "job",
  "department",
  "region",
  "type",
  "company",
  "report",
  "salary",
  "page",
] as const;
export type CardKind = (typeof CARD_KINDS)[number];

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Where cards are served: /api/og/{kind}/{slug}.png?v={version}. */
export const CARD_PATH_PREFIX = pathPrefix(getSocialCard);

/** What a card shows, as text: the drawing takes nothing else. */
export type CardFacts = {
  /** The small line above the title: "Jobs by role", the company of a job... */
  eyebrow: string;
  title: string;
  /** A line under the title: the page's own description (the site's pages, kind "page"). */
  lead?: string;
  /** Short facts shown as pills: location, type, role, pay. */
  chips: string[];
  /** Figures shown as tiles (reports). */
  figures: { label: string; value: string; note?: string }[];
  /** The line at the foot: "42 open roles", "No longer accepting applications". */
  note: string | null;
  /** The company a badge stands for (its logo, or else its initial); null: no badge. */
  badge: string | null;
  /** The company's uploaded logo (a path on this site, lib/logos/logos.ts), or null. */
  logo: string | null;
};

export type Card = {
  kind: CardKind;
  slug: string;
  facts: CardFacts;
  /** Hash of the design and the facts; null when the page cannot vouch for the facts. */
  version: string | null;
  /** The picture described in words (og:image:alt). */
  alt: string;
};

/** The card's address on this site: /api/og/job/12.png?v=1x2y3z. */
export const cardPath = ({ kind, slug, version }: Pick<Card, "kind" | "slug" | "version">) =>
  routePath(getSocialCard, { kind, slug: `${slug}.png` }, version ? { v: version } : undefined);

export const cardUrl = (ref: Pick<Card, "kind" | "slug" | "version">) =>
  `${SITE_URL}${cardPath(ref)}`;
