import { z } from "zod";
import type { Offer, OfferSummary } from "@/features/content/offer-types";
import { renderMarkdown } from "@/lib/markdown";
import { dayDate, loadOnce, readContentFolder } from "./content-files";

const frontMatter = z.strictObject({
  partner: z.string().min(1),
  title: z.string().min(1),
  summary: z.string().min(1),
  discount: z.string().min(1),
  url: z.url({ protocol: /^https$/ }),
  code: z.string().min(1).nullable(),
  expires: dayDate,
  category: z.string().min(1),
});

/** Whether an offer can still be claimed: through the end of its last day, in UTC. */
export const isOfferLive = (offer: Pick<Offer, "expires">, now = new Date()) =>
  new Date(`${offer.expires}T23:59:59Z`) >= now;

const loadOffers = loadOnce(async () => {
  const files = await readContentFolder("offers", frontMatter);
  return files
    .map(({ name, data, body }) => ({ summary: { id: name, ...data }, body }))
    .sort((a, b) => a.summary.expires.localeCompare(b.summary.expires));
});

/** Every partner offer, soonest to expire first (ended ones too: their pages stay up). */
export async function listOffers(): Promise<OfferSummary[]> {
  return (await loadOffers()).map((offer) => offer.summary);
}

/** One offer with its text rendered, or null. */
export async function findOffer(id: string): Promise<Offer | null> {
  const found = (await loadOffers()).find((offer) => offer.summary.id === id);
  return found ? { ...found.summary, html: await renderMarkdown(found.body) } : null;
}
