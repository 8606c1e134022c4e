/** Cache-Control of social cards (pages/api/og/[kind]/[slug].ts). */
export const CARD_CACHE_CONTROL = {
  /** The address names the facts it shows (?v=): it never shows anything else. */
  versioned: "public, max-age=31536000, immutable",
  /** No version, or an old one: the current card, for a few minutes. */
  current: "public, max-age=300, s-maxage=300, stale-while-revalidate=3600",
} as const;
