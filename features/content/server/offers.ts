import { asc, eq } from "drizzle-orm";
import type { Offer, OfferSummary } from "@/features/content/offer-types";
import { renderMarkdown } from "@/lib/markdown";
import { getDatabase } from "@/lib/server/db";
import type { Database } from "@/lib/server/db/client";
import { partnerOffers, type PartnerOfferRow } from "@/lib/server/db/schema";
import { seedPartnerOffers } from "./partner-offers";

/*
 * The partner offers as the board's pages read them (issue 64): from the partner_offers table,
 * which editors write (./partner-offers.ts) and which starts as content/offers' files.
 */

/**
 * Whether an offer can still be claimed: not ended by an editor, and through the end of its last
 * day, in UTC. Pages ask at each render, so an offer leaves them by itself.
 */
export const isOfferLive = (
  offer: Pick<OfferSummary, "expires"> & { endedAt?: string | null },
  now = new Date(),
) => !offer.endedAt && new Date(`${offer.expires}T23:59:59Z`) >= now;

/** Seconds until `offer` ends (null: it has ended), for a page's cache lifetime. */
export function secondsLeft(offer: Pick<OfferSummary, "expires" | "endedAt">, now = new Date()) {
  if (!isOfferLive(offer, now)) return null;
  return Math.max(
    1,
    Math.ceil((Date.parse(`${offer.expires}T23:59:59Z`) + 1000 - now.getTime()) / 1000),
  );
}

export const offerSummaryOf = (row: PartnerOfferRow): OfferSummary => ({
  id: row.slug,
  partner: row.partner,
  title: row.title,
  summary: row.summary,
  discount: row.discount,
  url: row.url,
  code: row.code,
  expires: row.expires,
  endedAt: row.endedAt ? row.endedAt.toISOString() : null,
  category: row.category,
});

async function offerRows(db?: Database): Promise<PartnerOfferRow[]> {
  const database = db ?? (await getDatabase());
  await seedPartnerOffers(database);
  return database
    .select()
    .from(partnerOffers)
    .orderBy(asc(partnerOffers.expires), asc(partnerOffers.id));
}

/** Every partner offer, soonest to expire first (ended ones too: their pages stay up). */
export async function listOffers(db?: Database): Promise<OfferSummary[]> {
  return (await offerRows(db)).map(offerSummaryOf);
}

/** One offer with its text rendered (Markdown, sanitised), or null. */
export async function findOffer(id: string, db?: Database): Promise<Offer | null> {
  const database = db ?? (await getDatabase());
  await seedPartnerOffers(database);
  const [row] = await database.select().from(partnerOffers).where(eq(partnerOffers.slug, id));
  return row ? { ...offerSummaryOf(row), html: await renderMarkdown(row.body) } : null;
}

/**
 * The Cache-Control of a page showing `offers`: kept by shared caches an hour at most, and never
 * past the moment the soonest of them ends (fresh or stale), so it leaves the page by itself.
 */
export function offersCacheControl(offers: readonly OfferSummary[], now = new Date()): string {
  const lefts = offers.flatMap((offer) => secondsLeft(offer, now) ?? []);
  const left = Math.min(86_400, ...lefts);
  const maxAge = Math.min(3_600, left);
  const stale = left - maxAge;
  return stale > 0
    ? `public, s-maxage=${maxAge}, stale-while-revalidate=${stale}`
    : `public, s-maxage=${maxAge}`;
}
