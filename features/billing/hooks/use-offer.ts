import { useQuery } from "@tanstack/react-query";
import { callOperation } from "@/lib/api/call";
import type { Offer } from "@/features/billing/offer";

/*
 * What the board sells (issue 63), for the signed-in screens that price things: the Billing
 * page's packs and credits, a listing's renewal and upgrade. Public pages are handed it by
 * their server instead. The answer is the same for everyone and kept by shared caches for a
 * minute; the owner's change purges it.
 */

export const offerKeys = { offer: ["billing", "offer"] as const };

export const readOfferAnswer = (): Promise<Offer> => callOperation("getOffer");

export function useOffer() {
  return useQuery({ queryKey: offerKeys.offer, queryFn: readOfferAnswer, staleTime: 60_000 });
}
