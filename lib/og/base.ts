import { boardSettingsOverrides } from "@/lib/board-settings";
import { formatCount } from "@/lib/format";
import type { Card, CardFacts, CardKind } from "@/lib/og/address";

/*
 * What every social card is made with: its version hash, `card`, and `pageCard` for the site's
 * own pages. Each feature builds the cards of its own pages on these (features/jobs/og-card.ts,
 * features/companies/og-card.ts, features/content/og-cards.ts, features/content/og-copy-cards.ts...);
 * features/og draws and serves them. Small on purpose: the home page loads it and none of the
 * other kinds' code.
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

/**
 * The board's name and tagline are drawn on every card: a board whose owner changed them
 * (lib/board-settings.ts) counts them in the version, so a year-long cached card is never the old
 * name's. A board without changes keeps the versions (and addresses) it always had.
 */
function brandOfCards(): string {
  const overrides = boardSettingsOverrides();
  return overrides?.name || overrides?.tagline
    ? `\n${JSON.stringify([overrides.name ?? null, overrides.tagline ?? null])}`
    : "";
}

export const cardVersion = (facts: CardFacts) =>
  hash(`${CARD_DESIGN}\n${JSON.stringify(facts)}${brandOfCards()}`);

/** A card of `kind` for `slug`, its version the hash of its facts. */
export function card(kind: CardKind, slug: string, facts: CardFacts, alt: string): Card {
  return { kind, slug, facts, version: cardVersion(facts), alt };
}

/** A list's count, as a job page gives it (features/jobs/types.ts, JobPage). */
export type RoleCount = { total: number; total_is_capped: boolean };

/** A page's own words, as its copy gives them (features/content/page-copy.ts, PageCopy). */
export type CardCopy = { eyebrow: string; title: string; description: string };

/** "1,234 open roles", "1 open role", "1,000+ open roles". */
export const roles = (page: RoleCount) =>
  `${formatCount(page.total)}${page.total_is_capped ? "+" : ""} open ${page.total === 1 ? "role" : "roles"}`;

type PageExtras = Partial<Pick<CardFacts, "chips" | "note">>;

/** A site page's card (kind "page"): its own words, and the facts in `extras`. */
export function pageCard(slug: string, copy: CardCopy, extras: PageExtras = {}): Card {
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
