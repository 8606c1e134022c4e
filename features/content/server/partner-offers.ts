import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type {
  PartnerOffer,
  PartnerOfferCreate,
  PartnerOfferFields,
} from "@/features/content/partner-offer-schemas";
import { cardPath } from "@/lib/og/address";
import { routes } from "@/lib/routes";
import { recordAudit } from "@/lib/server/audit/audit";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import type { Moderator } from "@/lib/server/auth/caller";
import type { Database } from "@/lib/server/db/client";
import { databaseErrorCode } from "@/lib/server/db/errors";
import { partnerOffers, type PartnerOfferRow } from "@/lib/server/db/schema";
import { InvalidInput, notFound } from "@/lib/server/errors";
import { purgeCachedPages, type Purge } from "@/lib/server/http/page-cache";
import { dayDate, readContentFolder } from "./content-files";

/*
 * The partner offers' one writer (issue 64): the seed from content/offers (once, into an empty
 * table: the sample board and a new board start with the files' offers; content/ is never
 * changed), and the editors' list, create, update and end (area "content"), each audited with
 * who, then the pages that show the offer purged: its page and card, /about, the sitemaps.
 * An offer leaves the pages by itself after its last day: they ask at each render and are
 * cached no longer than the offer has left (pages/offers/[offerId].tsx).
 */

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

/** content/offers' files as rows (the seed). */
export async function seedOfferFiles() {
  const files = await readContentFolder("offers", frontMatter);
  return files.map(({ name, data, body }) => ({ slug: name, ...data, body: body.trim() }));
}

/** The databases seen to hold offers already (one check per process and database). */
const seeded = new WeakSet<Database>();

/** Fills an empty table with content/offers' offers; nothing when it holds any. */
export async function seedPartnerOffers(db: Database): Promise<void> {
  if (seeded.has(db)) return;
  const [any] = await db.select({ id: partnerOffers.id }).from(partnerOffers).limit(1);
  if (!any) {
    await db
      .insert(partnerOffers)
      .values(await seedOfferFiles())
      .onConflictDoNothing({ target: partnerOffers.slug });
  }
  seeded.add(db);
}

const iso = (date: Date) => date.toISOString();

const live = (row: PartnerOfferRow, now: Date) =>
  row.endedAt === null && new Date(`${row.expires}T23:59:59Z`) >= now;

export const partnerOfferOf = (row: PartnerOfferRow, now = new Date()): PartnerOffer => ({
  slug: row.slug,
  partner: row.partner,
  title: row.title,
  summary: row.summary,
  discount: row.discount,
  url: row.url,
  code: row.code,
  category: row.category,
  body: row.body,
  expires: row.expires,
  ended_at: row.endedAt ? iso(row.endedAt) : null,
  live: live(row, now),
  updated_at: iso(row.updatedAt),
});

/** The pages that show an offer: its page and card, /about's list, the sitemaps. */
export const offerPagesPurge = (slug: string): Purge => ({
  paths: [
    routes.offer(slug),
    routes.about,
    "/sitemap.xml",
    cardPath({ kind: "page", slug: `offer-${slug}`, version: null }),
  ],
  prefixes: ["/sitemaps/"],
});

/** Every offer for the editors, live or not, soonest to end first. */
export async function listPartnerOffers(db: Database): Promise<{ offers: PartnerOffer[] }> {
  await seedPartnerOffers(db);
  const rows = await db
    .select()
    .from(partnerOffers)
    .orderBy(asc(partnerOffers.expires), asc(partnerOffers.id));
  return { offers: rows.map((row) => partnerOfferOf(row)) };
}

async function rowOf(db: Database, slug: string): Promise<PartnerOfferRow> {
  const [row] = await db.select().from(partnerOffers).where(eq(partnerOffers.slug, slug));
  if (!row) throw notFound("No offer has this address");
  return row;
}

const columns = (fields: PartnerOfferFields) => ({
  partner: fields.partner,
  title: fields.title,
  summary: fields.summary,
  discount: fields.discount,
  url: fields.url,
  code: fields.code,
  category: fields.category,
  body: fields.body,
  expires: fields.expires,
});

/** A new offer (201); 422 on slug when the address is taken. */
export async function createPartnerOffer(
  db: Database,
  moderator: Moderator,
  input: PartnerOfferCreate,
): Promise<{ offer: PartnerOffer }> {
  await seedPartnerOffers(db);
  const actor = await moderatorActor(db, moderator);
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(partnerOffers)
        .values({ slug: input.slug, ...columns(input), updatedBy: actor.id })
        .returning();
      await recordAudit(tx, actor, {
        action: "partner_offer.create",
        subjectType: "partner_offer",
        subjectId: created!.id,
        detail: { slug: input.slug, partner: input.partner, expires: input.expires },
      });
      return created!;
    });
    purgeCachedPages(offerPagesPurge(row.slug));
    return { offer: partnerOfferOf(row) };
  } catch (error) {
    if (databaseErrorCode(error) === "23505") {
      throw new InvalidInput({ slug: ["Another offer has this address: choose another"] });
    }
    throw error;
  }
}

/** An offer rewritten (everything but its address); what changed goes into the audit log. */
export async function updatePartnerOffer(
  db: Database,
  moderator: Moderator,
  slug: string,
  fields: PartnerOfferFields,
): Promise<{ offer: PartnerOffer }> {
  const actor = await moderatorActor(db, moderator);
  const row = await db.transaction(async (tx) => {
    const before = await rowOf(tx, slug);
    const after = columns(fields);
    const was: Record<string, unknown> = {};
    const now: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(after)) {
      const old = before[key as keyof typeof after];
      if (old !== value) {
        // The text itself is long: the log says it changed.
        was[key] = key === "body" ? "(changed)" : old;
        now[key] = key === "body" ? "(changed)" : value;
      }
    }
    const [updated] = await tx
      .update(partnerOffers)
      .set({ ...after, updatedAt: new Date(), updatedBy: actor.id })
      .where(eq(partnerOffers.id, before.id))
      .returning();
    if (Object.keys(now).length > 0) {
      await recordAudit(tx, actor, {
        action: "partner_offer.update",
        subjectType: "partner_offer",
        subjectId: before.id,
        detail: { slug, before: was, after: now },
      });
    }
    return updated!;
  });
  purgeCachedPages(offerPagesPurge(slug));
  return { offer: partnerOfferOf(row) };
}

/** Ends an offer now: it leaves the lists, and its page says it ended. Ending it again: as is. */
export async function endPartnerOffer(
  db: Database,
  moderator: Moderator,
  slug: string,
): Promise<{ offer: PartnerOffer }> {
  const actor = await moderatorActor(db, moderator);
  const row = await db.transaction(async (tx) => {
    const before = await rowOf(tx, slug);
    if (before.endedAt) return before;
    const [ended] = await tx
      .update(partnerOffers)
      .set({ endedAt: sql`now()`, updatedAt: new Date(), updatedBy: actor.id })
      .where(eq(partnerOffers.id, before.id))
      .returning();
    await recordAudit(tx, actor, {
      action: "partner_offer.end",
      subjectType: "partner_offer",
      subjectId: before.id,
      detail: { slug },
    });
    return ended!;
  });
  purgeCachedPages(offerPagesPurge(slug));
  return { offer: partnerOfferOf(row) };
}
