import { asc } from "drizzle-orm";
import { allQueries, type Database } from "@/lib/server/db/client";
import {
  listingPacks,
  listingPlans,
  offerSettings,
  socialChannels,
  socialSettings,
} from "@/lib/server/db/schema";
import { SOCIAL_CHANNEL_NAMES, SOCIAL_CHANNELS } from "@/lib/model/social";
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
  // Read inside transactions too (a pack's payment, an import): one at a time there.
  const [plans, packs, [settings]] = await allQueries(db, [
    db.select().from(listingPlans).orderBy(asc(listingPlans.position), asc(listingPlans.id)),
    db.select().from(listingPacks).orderBy(asc(listingPacks.position), asc(listingPacks.id)),
    db.select().from(offerSettings).limit(1),
  ]);
  return { plans, packs, settings };
}

const SOCIAL_PROMISE = /\bsocial (channels|media|networks)\b/i;

/** "Discord, Bluesky and LinkedIn". */
const namesInWords = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * A plan as /pricing and /submit show it, promising only what the board does (issue 66): its
 * words of a post "on our social channels" name the channels connected (features/social) when
 * its listings are posted there, and are left out otherwise (no channel connected, or a plan
 * whose listings are not posted). The owner's own words stay as written in the console.
 */
export function keptPromises(
  plan: ListingPlan,
  posted: boolean,
  channels: readonly string[],
): ListingPlan {
  const named = posted && channels.length > 0 ? `our ${namesInWords(channels)}` : null;
  const our = /\bour social (channels|media|networks)\b/i;
  const includes = plan.includes.flatMap((line) => {
    if (!SOCIAL_PROMISE.test(line)) return [line];
    return named
      ? [our.test(line) ? line.replace(our, named) : line.replace(SOCIAL_PROMISE, named.slice(4))]
      : [];
  });
  let summary = plan.summary;
  if (SOCIAL_PROMISE.test(summary)) {
    summary = named
      ? summary.replace(our, named)
      : summary
          .replace(/,?\s*(and\s+)?[^,.;]*\bsocial (channels|media|networks)\b[^,.;]*/i, "")
          .trim();
  }
  return { ...plan, includes, summary };
}

/** Everything the board sells and has sold, in the owner's order. */
export async function readOffer(db: Database): Promise<Offer> {
  const { plans, packs, settings } = await offerRows(db);
  const [connected, [social]] = await allQueries(db, [
    db.select({ channel: socialChannels.channel }).from(socialChannels),
    db.select({ mode: socialSettings.mode }).from(socialSettings),
  ]);
  const channels = SOCIAL_CHANNELS.filter((channel) =>
    connected.some((row) => row.channel === channel),
  ).map((channel) => SOCIAL_CHANNEL_NAMES[channel]);
  const everyListing = social?.mode === "every";
  const postedPlans = new Set(
    plans.filter((row) => row.socialPost || everyListing).map((row) => row.slug),
  );
  // The comparison's row of a social post: the channels by name, for the plans posted there.
  const comparison = (settings?.comparison ?? []).flatMap((row) => {
    if (!SOCIAL_PROMISE.test(row.feature)) return [row];
    const posted = row.plans.filter((plan) => postedPlans.has(plan));
    if (channels.length === 0 || posted.length === 0) return [];
    return [
      {
        ...row,
        feature: row.feature.replace(SOCIAL_PROMISE, namesInWords(channels)),
        plans: posted,
      },
    ];
  });
  return {
    currency: settings?.currency ?? "usd",
    comparison,
    plans: plans.map((row) =>
      keptPromises(planOfRow(row), row.socialPost || everyListing, channels),
    ),
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
