/** A partner's deal on a creator tool, from content/offers/{id}.md. */
export type Offer = {
  id: string;
  partner: string;
  title: string;
  summary: string;
  discount: string;
  url: string;
  code: string | null;
  /** YYYY-MM-DD: the last day it can be claimed. */
  expires: string;
  category: string;
  html: string;
};

/** An offer as lists name it, without its text. */
export type OfferSummary = Omit<Offer, "html">;
