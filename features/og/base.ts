import { formatCount } from "@/lib/format";
import type { JobPage } from "@/features/jobs/types";
import type { Card, CardFacts, CardKind } from "@/features/og/address";
import type { PageCopy } from "@/features/content/page-copy";

/*
 * What every social card is made with: its version hash, `card`, and `pageCard` for the site's
 * own pages (features/og/copy-cards.ts, features/og/page-cards.ts; the other kinds are in
 * features/og/og-cards.ts). Small on purpose: the home page loads it and none of the other kinds'
 * code.
 */

/** Changes with the drawing (features/og/server/card-image.tsx): every card gets a new address. */
export const CARD_DESIGN = "1";

/** FNV-1a, 32 bits, in base 36: short, the same in the browser and on the server. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(36);
}

export const cardVersion = (facts: CardFacts) => hash(`${CARD_DESIGN}\n${JSON.stringify(facts)}`);

/** A card of `kind` for `slug`, its version the hash of its facts. */
export function card(kind: CardKind, slug: string, facts: CardFacts, alt: string): Card {
  return { kind, slug, facts, version: cardVersion(facts), alt };
}

/** "1,234 open roles", "1 open role", "1,000+ open roles". */
export const roles = (page: Pick<JobPage, "total" | "total_is_capped">) =>
  `${formatCount(page.total)}${page.total_is_capped ? "+" : ""} open ${page.total === 1 ? "role" : "roles"}`;

type PageExtras = Partial<Pick<CardFacts, "chips" | "note">>;

/** A site page's card (kind "page"): its own words, and the facts in `extras`. */
export function pageCard(slug: string, copy: PageCopy, extras: PageExtras = {}): Card {
  const facts: CardFacts = {
    eyebrow: copy.eyebrow,
    title: copy.title,
    lead: copy.description,
    chips: extras.chips ?? [],
    figures: [],
    note: extras.note ?? null,
    badge: null,
    logo: null,
  };
  const told = [...facts.chips, ...(facts.note ? [facts.note] : [])];
  return card(
    "page",
    slug,
    facts,
    `${copy.title}: ${told.length ? told.join(", ") : copy.description}`,
  );
}
