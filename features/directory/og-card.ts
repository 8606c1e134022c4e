import { formatCount } from "@/lib/format";
import type { Card } from "@/lib/og/address";
import { pageCard } from "@/lib/og/base";
import { PAGE_COPY } from "@/features/content/page-copy";

/*
 * The talent page's social card (og:image, kind "page"): the page's own words
 * (features/content/page-copy.ts) and how many candidates it lists (lib/og makes its address;
 * features/og/server draws it and reads the same count for its route).
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
