/** A partner's deal on a creator tool (issue 64: written by editors; seeded from content/offers). */
export type Offer = {
  /** Its address: /offers/{id} (the offer's slug). */
  id: string;
  partner: string;
  title: string;
  summary: string;
  discount: string;
  url: string;
  code: string | null;
  /** YYYY-MM-DD: the last day it can be claimed. */
  expires: string;
  /** When an editor ended it early (ISO), or null. */
  endedAt: string | null;
  category: string;
  html: string;
};

/** An offer as lists name it, without its text. */
export type OfferSummary = Omit<Offer, "html">;
