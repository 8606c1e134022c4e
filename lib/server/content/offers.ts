import { z } from "zod";
import type { Offer } from "@/lib/offer-types";
import { renderMarkdown } from "../markdown";
import { dayDate, readContentFolder } from "./content-files";

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

/** Every partner offer, soonest to expire first (ended ones too: their pages stay up). */
export async function listOffers(): Promise<Offer[]> {
  const files = await readContentFolder("offers", frontMatter);
  const offers = await Promise.all(
    files.map(async ({ name, data, body }) => ({
      id: name,
      ...data,
      html: await renderMarkdown(body),
    })),
  );
  return offers.sort((a, b) => a.expires.localeCompare(b.expires));
}

export async function findOffer(id: string): Promise<Offer | null> {
  return (await listOffers()).find((offer) => offer.id === id) ?? null;
}
