import { LEGAL_DOCUMENTS } from "@/features/content/legal";
import type { Card } from "@/lib/og/address";
import { blogCard, legalCard, offerCard } from "@/features/content/og-cards";
import { copyCard, homeCard } from "@/features/content/og-copy-cards";
import { listingPlansCard, recruitmentCard } from "@/features/billing/og-card";
import { readOffer } from "@/features/billing/server/offer";
import { talentCard } from "@/features/directory/og-card";
import { listOffers, isOfferLive } from "@/features/content/server/offers";
import { legalVersionSource } from "@/features/content/server/legal-versions";
import { pageOfPosts } from "@/features/content/server/posts";
import type { Database } from "@/lib/server/db/client";
import { countsByDepartment } from "@/features/jobs/server/board-page";
import { listTalent } from "@/features/directory/server/talent-page";

/*
 * The card of one of the site's own pages (kind "page", lib/og/base.ts), read the way the
 * page reads its facts: the home page's cached counts per department, the talent page's unfiltered
 * count, the blog's topics, a legal document's current version, an offer's file. Null for a slug that
 * names no page.
 */

const OFFER_PREFIX = "offer-";

export async function loadPageCard(db: Database, slug: string): Promise<Card | null> {
  switch (slug) {
    case "home": {
      const counts = await countsByDepartment(db);
      return homeCard(Object.values(counts).reduce((sum, n) => sum + n, 0));
    }
    case "about":
      return copyCard(slug);
    case "talent":
      return talentCard((await listTalent(db, { page: 1 })).total);
    case "pricing":
    case "submit":
      return listingPlansCard(slug, await readOffer(db));
    case "recruitment-services":
      return recruitmentCard();
    case "blog": {
      const page = await pageOfPosts(db, 1, null);
      return page ? blogCard(page.tags) : null;
    }
  }
  const legal = LEGAL_DOCUMENTS.find((entry) => entry.name === slug);
  if (legal) {
    // The current version's date, as the page says it (issue 64).
    const source = await legalVersionSource(db, legal.name);
    return source ? legalCard(source) : null;
  }
  if (slug.startsWith(OFFER_PREFIX)) {
    const id = slug.slice(OFFER_PREFIX.length);
    const offer = (await listOffers()).find((candidate) => candidate.id === id);
    return offer ? offerCard(offer, !isOfferLive(offer)) : null;
  }
  return null;
}
