import { asc } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import { listingPacks, listingPlans, offerSettings } from "@/lib/server/db/schema";
import {
  packOf,
  planOf,
  type ListingPack,
  type ListingPlan,
  type Offer,
} from "@/features/billing/offer";

/*
 * The board's offer as it stands (issue 63): read from the database at each use, so that every
 * instance sells at the price the owner set last, and a change reaches the next order. Three
 * small reads; the public pages that show prices are kept by the page cache, which a change
 * purges (offer-console.ts).
 */

type PlanRow = typeof listingPlans.$inferSelect;
type PackRow = typeof listingPacks.$inferSelect;

export const planOfRow = (row: PlanRow): ListingPlan => ({
  id: row.slug,
  name: row.name,
  price_minor: row.priceMinor,
  days: row.days,
  sponsored: row.sponsored,
  summary: row.summary,
  includes: row.includes,
  recommended: row.recommended,
  retired: row.retiredAt !== null,
});

export const packOfRow = (row: PackRow): ListingPack => ({
  id: row.slug,
  plan: row.plan,
  name: row.name,
  listings: row.listings,
  price_minor: row.priceMinor,
  credit_months: row.creditMonths,
  retired: row.retiredAt !== null,
});

/** The offer's rows, plans and packs in the owner's order: what the pages and the console read. */
export async function offerRows(db: Database) {
  const [plans, packs, [settings]] = await Promise.all([
    db.select().from(listingPlans).orderBy(asc(listingPlans.position), asc(listingPlans.id)),
    db.select().from(listingPacks).orderBy(asc(listingPacks.position), asc(listingPacks.id)),
    db.select().from(offerSettings).limit(1),
  ]);
  return { plans, packs, settings };
}

/** Everything the board sells and has sold, in the owner's order. */
export async function readOffer(db: Database): Promise<Offer> {
  const { plans, packs, settings } = await offerRows(db);
  return {
    currency: settings?.currency ?? "usd",
    comparison: settings?.comparison ?? [],
    plans: plans.map(planOfRow),
    packs: packs.map(packOfRow),
  };
}

/** A plan by slug, retired or not (what a listing or credit was bought on). */
export async function listingPlanNamed(db: Database, slug: string) {
  return planOf(await readOffer(db), slug);
}

/** A plan an order may be for now: on sale. */
export async function planForSale(db: Database, slug: string) {
  const plan = await listingPlanNamed(db, slug);
  return plan && !plan.retired ? plan : undefined;
}

/** A pack that may be bought now: on sale, of a plan on sale. */
export async function packForSale(db: Database, slug: string) {
  const offer = await readOffer(db);
  const pack = packOf(offer, slug);
  return pack && !pack.retired && planOf(offer, pack.plan)?.retired === false ? pack : undefined;
}

/** The currency new orders and invoices are in. */
export async function boardCurrency(db: Database) {
  const [settings] = await db
    .select({ currency: offerSettings.currency })
    .from(offerSettings)
    .limit(1);
  return settings?.currency ?? "usd";
}
