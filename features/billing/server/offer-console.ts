import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { BASE_PLAN_ID } from "@/lib/model/billing";
import { cardPath } from "@/lib/og/address";
import { routes } from "@/lib/routes";
import { recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import type { Database } from "@/lib/server/db/client";
import { databaseErrorCode, databaseErrorConstraint } from "@/lib/server/db/errors";
import {
  listingPacks,
  listingPlans,
  offerSettings,
  subscriptionPlans,
} from "@/lib/server/db/schema";
import { offerRows } from "./offer";
import { allSubscriptionPlans } from "./subscriptions";
import { conflict, InvalidInput, notFound } from "@/lib/server/errors";
import { purgeCachedPages, type Purge } from "@/lib/server/http/page-cache";
import type {
  ConsoleOffer,
  ConsolePack,
  ConsolePlan,
  OfferSettingsInput,
  PackCreateInput,
  PackUpdateInput,
  ConsoleSubscriptionPlan,
  PlanCreateInput,
  PlanUpdateInput,
  SubscriptionPlanCreateInput,
  SubscriptionPlanUpdateInput,
} from "@/features/billing/offer-schemas";

/*
 * The console where a moderator sets what the board sells (issue 63): plans, packs and the
 * selling settings. Each change is one transaction with its audit entry (what changed, before
 * and after), and once it is committed the pages that print prices are purged from the page
 * cache, in every instance and at the CDN, so the next visitor reads the new offer.
 *
 * Rules kept here, beyond the schemas' (offer-schemas.ts):
 * - the base plan (BASE_PLAN_ID) stays free and on sale: its name, days, summary and includes
 *   may change, its price may not (422 on price_minor), and it cannot be retired (409);
 * - a slug names one plan (or pack) for good, retired or not: a new one takes another (422 on
 *   slug);
 * - a pack is of a paid plan on sale (422 on plan); a plan with packs on sale cannot be made
 *   free (422 on price_minor);
 * - at most one plan is recommended: making one so clears it on the others in the same
 *   transaction (each with its own `plan.update` entry);
 * - retiring a plan retires its packs and subscription plans on sale in the same transaction
 *   (each with its own audit entry); restoring it does not bring them back, each is restored on
 *   its own, once its plan is on sale (409 before);
 * - the comparison names plans that exist (422 on comparison); a change of currency converts
 *   no price;
 * - a subscription plan gives listings of a paid plan on sale (422 on plan), like a pack; a plan
 *   with subscription plans on sale cannot be made free (422 on price_minor). Its price reaches
 *   new subscriptions and the next period of those on invoice (each period is invoiced at the
 *   plan's price then); a subscription by card keeps the price Stripe was given when it began
 *   (or changed plan). Retiring it takes it off sale: running subscriptions go on, renewing.
 */

type PlanRow = typeof listingPlans.$inferSelect;
type PackRow = typeof listingPacks.$inferSelect;
type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;

/**
 * The pages that print the offer: /pricing and /submit, their social cards,
 * and GET /api/offer, which the signed-in screens read.
 */
export const OFFER_PAGES_PURGE: Purge = {
  paths: [
    routes.pricing,
    routes.submit,
    "/api/offer",
    cardPath({ kind: "page", slug: "pricing", version: null }),
    cardPath({ kind: "page", slug: "submit", version: null }),
  ],
  // A cached page's query does not count (page-cache.ts pagePath): /submit?plan=featured goes too.
  prefixes: [],
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const consolePlan = (row: PlanRow): ConsolePlan => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  price_minor: row.priceMinor,
  days: row.days,
  sponsored: row.sponsored,
  social_post: row.socialPost,
  recommended: row.recommended,
  summary: row.summary,
  includes: row.includes,
  position: row.position,
  base: row.slug === BASE_PLAN_ID,
  retired_at: iso(row.retiredAt),
  updated_at: row.updatedAt.toISOString(),
});

export const consolePack = (row: PackRow): ConsolePack => ({
  id: row.id,
  slug: row.slug,
  plan: row.plan,
  name: row.name,
  listings: row.listings,
  price_minor: row.priceMinor,
  credit_months: row.creditMonths,
  position: row.position,
  retired_at: iso(row.retiredAt),
  updated_at: row.updatedAt.toISOString(),
});

export const consoleSubscriptionPlan = (row: SubscriptionPlanRow): ConsoleSubscriptionPlan => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  interval: row.interval,
  price_minor: row.priceMinor,
  listings: row.listings,
  plan: row.plan,
  rollover: row.rollover,
  position: row.position,
  retired_at: iso(row.retiredAt),
  updated_at: row.updatedAt.toISOString(),
});

/** Everything the board sells and has sold, retired plans and packs included, in order. */
export async function consoleOffer(db: Database): Promise<ConsoleOffer> {
  const [{ plans, packs, settings }, subscriptions] = await Promise.all([
    offerRows(db),
    allSubscriptionPlans(db),
  ]);
  return {
    currency: settings?.currency ?? "usd",
    comparison: settings?.comparison ?? [],
    updated_at: (settings?.updatedAt ?? new Date(0)).toISOString(),
    plans: plans.map(consolePlan),
    packs: packs.map(consolePack),
    subscription_plans: subscriptions.map(consoleSubscriptionPlan),
  };
}

/** A change committed: the pages that print prices go from every cache. */
async function thenPurge<T>(change: Promise<T>): Promise<T> {
  const result = await change;
  purgeCachedPages(OFFER_PAGES_PURGE);
  return result;
}

/** The fields of `after` that differ from `before`, each side of them (for the audit log). */
function changes<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) {
      was[key] = before[key];
      now[key] = value;
    }
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : null;
}

const planFieldsOf = (row: PlanRow) => ({
  name: row.name,
  price_minor: row.priceMinor,
  days: row.days,
  sponsored: row.sponsored,
  social_post: row.socialPost,
  recommended: row.recommended,
  summary: row.summary,
  includes: row.includes,
  position: row.position,
});

const packFieldsOf = (row: PackRow) => ({
  plan: row.plan,
  name: row.name,
  listings: row.listings,
  price_minor: row.priceMinor,
  credit_months: row.creditMonths,
  position: row.position,
});

/** A subscription plan's editable fields, as the console names them (for the audit log). */
const subscriptionPlanFieldsOf = (row: SubscriptionPlanRow) => {
  const { id, slug, retired_at, updated_at, ...fields } = consoleSubscriptionPlan(row);
  return fields;
};

const SLUG_TAKEN = "That slug is taken already: choose another";
const RECOMMENDED_INDEX = "listing_plans_one_recommended_idx";

/** A plan, a pack or a subscription plan: the tables of the offer written the same way. */
type OfferTable = typeof listingPlans | typeof listingPacks | typeof subscriptionPlans;
type OfferSubject = "plan" | "pack" | "subscription_plan";
type OfferRow = { id: number; slug: string };

/** A slug names one plan (or one pack) for good, retired or not. */
async function refuseTakenSlug(db: Database, table: OfferTable, slug: string) {
  const [taken] = await db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
  if (taken) throw new InvalidInput({ slug: [SLUG_TAKEN] });
}

/**
 * Two moderators writing at once: the second creating the same slug hears what the first would;
 * the second making another plan recommended is told to look again (409).
 */
async function raced<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (databaseErrorCode(error) !== "23505") throw error;
    if (databaseErrorConstraint(error) === RECOMMENDED_INDEX) {
      throw conflict("Another plan was made recommended a moment ago: reload and try again");
    }
    throw new InvalidInput({ slug: [SLUG_TAKEN] });
  }
}

const nextPosition = async (db: Database, table: OfferTable) => {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${table.position}) + 1, 0)::int` })
    .from(table);
  return row?.next ?? 0;
};

/** The plan (or pack) of `slug`, locked for the change; 404 when there is none. */
async function locked<T extends OfferTable>(
  db: Database,
  table: T,
  subject: OfferSubject,
  slug: string,
): Promise<T["$inferSelect"]> {
  const [row] = await db
    .select()
    .from(table as OfferTable)
    .where(eq(table.slug, slug))
    .for("update");
  if (!row) throw notFound(`There is no ${subject.replace("_", " ")} with that slug`);
  return row as T["$inferSelect"];
}

/** A new plan or pack (its slug free), audited with what it is. */
async function writeCreate<T extends OfferTable>(
  tx: Database,
  actor: AuditActor,
  table: T,
  subject: OfferSubject,
  values: T["$inferInsert"] & { slug: string; position?: number },
  fieldsOf: (row: T["$inferSelect"]) => Record<string, unknown>,
): Promise<T["$inferSelect"]> {
  const [row] = (await raced(
    tx
      .insert(table as OfferTable)
      .values({ ...values, position: values.position ?? (await nextPosition(tx, table)) } as never)
      .returning(),
  )) as T["$inferSelect"][];
  await recordAudit(tx, actor, {
    action: `${subject}.create`,
    subjectType: subject,
    subjectId: row!.id,
    detail: { slug: row!.slug, after: fieldsOf(row!) },
  });
  return row!;
}

/**
 * A plan's or pack's changes: written, with their audit entry (the fields that changed, before
 * and after), only when something changed.
 */
async function writeUpdate<T extends OfferTable>(
  tx: Database,
  actor: AuditActor,
  table: T,
  subject: OfferSubject,
  row: T["$inferSelect"],
  [before, input]: [Record<string, unknown>, Record<string, unknown>],
  values: Partial<T["$inferInsert"]>,
): Promise<T["$inferSelect"]> {
  const changed = changes(before, input);
  if (!changed) return row;
  const [updated] = (await raced(
    tx
      .update(table as OfferTable)
      .set({ ...values, updatedAt: new Date() } as never)
      .where(eq(table.id, row.id))
      .returning(),
  )) as T["$inferSelect"][];
  await recordAudit(tx, actor, {
    action: `${subject}.update`,
    subjectType: subject,
    subjectId: row.id,
    detail: { slug: row.slug, ...changed },
  });
  return updated!;
}

/** Takes a plan or pack off sale, or puts it back, audited (`plan.retire`, `pack.restore`). */
async function writeRetired<T extends OfferTable>(
  tx: Database,
  actor: AuditActor,
  table: T,
  subject: OfferSubject,
  row: OfferRow,
  retired: boolean,
  now: Date,
  detail: Record<string, unknown> = {},
): Promise<T["$inferSelect"]> {
  const [updated] = (await tx
    .update(table as OfferTable)
    .set({ retiredAt: retired ? now : null, updatedAt: now })
    .where(eq(table.id, row.id))
    .returning()) as T["$inferSelect"][];
  await recordAudit(tx, actor, {
    action: `${subject}.${retired ? "retire" : "restore"}`,
    subjectType: subject,
    subjectId: row.id,
    detail: { slug: row.slug, ...detail },
  });
  return updated!;
}

const packsOnSaleOf = (db: Database, plan: string) =>
  db
    .select()
    .from(listingPacks)
    .where(and(eq(listingPacks.plan, plan), isNull(listingPacks.retiredAt)));

const subscriptionPlansOnSaleOf = (db: Database, plan: string) =>
  db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.plan, plan), isNull(subscriptionPlans.retiredAt)));

/**
 * A plan's price, as its rules allow: the base plan stays free; a plan with packs or
 * subscription plans on sale stays paid.
 */
async function checkPlanPrice(db: Database, row: PlanRow, priceMinor: number) {
  if (row.slug === BASE_PLAN_ID && priceMinor !== 0) {
    throw new InvalidInput({
      price_minor: [`${row.name} is the board's free plan: its price stays 0`],
    });
  }
  if (priceMinor === 0 && row.priceMinor > 0) {
    const [packs, subscriptions] = await Promise.all([
      packsOnSaleOf(db, row.slug),
      subscriptionPlansOnSaleOf(db, row.slug),
    ]);
    const selling = [...packs, ...subscriptions];
    if (selling.length > 0) {
      throw new InvalidInput({
        price_minor: [
          `Packs or subscriptions on sale are of this plan (${selling.map((entry) => entry.name).join(", ")}): retire them before making it free`,
        ],
      });
    }
  }
}

/**
 * At most one plan is recommended: making `slug` the one clears it on any other, in the same
 * transaction, each with its audit entry. Two moderators racing to make two plans recommended:
 * the unique index lets one win, the other hears 409 (`raced`).
 */
async function clearOtherRecommended(tx: Database, actor: AuditActor, slug: string) {
  const others = await tx
    .update(listingPlans)
    .set({ recommended: false, updatedAt: new Date() })
    .where(and(eq(listingPlans.recommended, true), ne(listingPlans.slug, slug)))
    .returning();
  for (const other of others) {
    await recordAudit(tx, actor, {
      action: "plan.update",
      subjectType: "plan",
      subjectId: other.id,
      detail: {
        slug: other.slug,
        before: { recommended: true },
        after: { recommended: false },
        recommended_instead: slug,
      },
    });
  }
}

/**
 * The plan a pack (or a subscription plan) may give listings of: one that exists and has a
 * price, on sale unless the pack itself is retired (its plan may then be retired too).
 */
async function checkPackPlan(
  db: Database,
  slug: string,
  packRetired: boolean,
  noun: "pack" | "subscription" = "pack",
) {
  const [plan] = await db.select().from(listingPlans).where(eq(listingPlans.slug, slug));
  if (!plan) throw new InvalidInput({ plan: ["There is no plan with that slug"] });
  if (plan.priceMinor === 0) {
    throw new InvalidInput({
      plan: [`${plan.name} is free: a ${noun} is of a plan with a price`],
    });
  }
  if (plan.retiredAt && !packRetired) {
    throw new InvalidInput({ plan: [`${plan.name} is retired: choose a plan on sale`] });
  }
  return plan;
}

/** A plan's columns from the console's fields (the position kept when none is given). */
const planColumns = (input: PlanUpdateInput) => ({
  name: input.name,
  priceMinor: input.price_minor,
  days: input.days,
  sponsored: input.sponsored,
  ...(input.social_post === undefined ? {} : { socialPost: input.social_post }),
  recommended: input.recommended,
  summary: input.summary,
  includes: input.includes,
  position: input.position,
});

const packColumns = (input: PackUpdateInput) => ({
  plan: input.plan,
  name: input.name,
  listings: input.listings,
  priceMinor: input.price_minor,
  creditMonths: input.credit_months,
  position: input.position,
});

export async function createPlan(db: Database, actor: AuditActor, input: PlanCreateInput) {
  return thenPurge(
    db.transaction(async (tx) => {
      await refuseTakenSlug(tx, listingPlans, input.slug);
      if (input.recommended) await clearOtherRecommended(tx, actor, input.slug);
      const row = await writeCreate(
        tx,
        actor,
        listingPlans,
        "plan",
        { slug: input.slug, ...planColumns(input) },
        planFieldsOf,
      );
      return consolePlan(row);
    }),
  );
}

export async function updatePlan(
  db: Database,
  actor: AuditActor,
  slug: string,
  input: PlanUpdateInput,
) {
  return thenPurge(
    db.transaction(async (tx) => {
      const row = await locked(tx, listingPlans, "plan", slug);
      await checkPlanPrice(tx, row, input.price_minor);
      if (input.recommended && !row.recommended) await clearOtherRecommended(tx, actor, slug);
      const updated = await writeUpdate(
        tx,
        actor,
        listingPlans,
        "plan",
        row,
        [planFieldsOf(row), input],
        { ...planColumns(input), position: input.position ?? row.position },
      );
      return consolePlan(updated);
    }),
  );
}

/**
 * Takes a plan off sale (retired) or puts it back. Retiring it retires its packs and
 * subscription plans on sale with it; restoring it leaves them retired. The base plan is never retired (409).
 */
export async function setPlanRetired(
  db: Database,
  actor: AuditActor,
  slug: string,
  retired: boolean,
) {
  return thenPurge(
    db.transaction(async (tx) => {
      const row = await locked(tx, listingPlans, "plan", slug);
      if (retired && row.slug === BASE_PLAN_ID) {
        throw conflict(`${row.name} is the board's free plan: it stays on sale`);
      }
      if ((row.retiredAt !== null) === retired) {
        return { plan: consolePlan(row), retired_packs: [], retired_subscription_plans: [] };
      }
      const now = new Date();
      const packs = retired ? await packsOnSaleOf(tx, slug).for("update") : [];
      const subscriptions = retired ? await subscriptionPlansOnSaleOf(tx, slug).for("update") : [];
      const updated = await writeRetired(tx, actor, listingPlans, "plan", row, retired, now, {
        ...(retired && {
          packs: packs.map((pack) => pack.slug),
          subscription_plans: subscriptions.map((entry) => entry.slug),
        }),
      });
      for (const pack of packs) {
        await writeRetired(tx, actor, listingPacks, "pack", pack, true, now, { with_plan: slug });
      }
      // Running subscriptions on them go on; no one new subscribes.
      for (const entry of subscriptions) {
        await writeRetired(tx, actor, subscriptionPlans, "subscription_plan", entry, true, now, {
          with_plan: slug,
        });
      }
      return {
        plan: consolePlan(updated),
        retired_packs: packs.map((pack) => pack.slug),
        retired_subscription_plans: subscriptions.map((entry) => entry.slug),
      };
    }),
  );
}

const subscriptionPlanColumns = (input: SubscriptionPlanUpdateInput) => ({
  name: input.name,
  interval: input.interval,
  priceMinor: input.price_minor,
  listings: input.listings,
  plan: input.plan,
  rollover: input.rollover,
  position: input.position,
});

/**
 * A pack or a subscription plan: listings of a paid plan, sold on their own, written the same
 * way (its listing plan paid and on sale, its slug for good).
 */
type SellingTable = typeof listingPacks | typeof subscriptionPlans;
type Selling<T extends SellingTable, I, J> = {
  table: T;
  subject: "pack" | "subscription_plan";
  /** What the refusals call it. */
  noun: "pack" | "subscription";
  fieldsOf: (row: T["$inferSelect"]) => Record<string, unknown>;
  columns: (input: I) => Partial<T["$inferInsert"]>;
  json: (row: T["$inferSelect"]) => J;
};

const PACKS: Selling<typeof listingPacks, PackUpdateInput, ConsolePack> = {
  table: listingPacks,
  subject: "pack",
  noun: "pack",
  fieldsOf: packFieldsOf,
  columns: packColumns,
  json: consolePack,
};

const SUBSCRIPTION_PLANS: Selling<
  typeof subscriptionPlans,
  SubscriptionPlanUpdateInput,
  ConsoleSubscriptionPlan
> = {
  table: subscriptionPlans,
  subject: "subscription_plan",
  noun: "subscription",
  fieldsOf: subscriptionPlanFieldsOf,
  columns: subscriptionPlanColumns,
  json: consoleSubscriptionPlan,
};

type SellingInput = { plan: string; position?: number };

function createSelling<T extends SellingTable, I extends SellingInput, J>(
  db: Database,
  actor: AuditActor,
  kind: Selling<T, I, J>,
  input: I & { slug: string },
) {
  return thenPurge(
    db.transaction(async (tx) => {
      await refuseTakenSlug(tx, kind.table, input.slug);
      await checkPackPlan(tx, input.plan, false, kind.noun);
      const row = await writeCreate(
        tx,
        actor,
        kind.table,
        kind.subject,
        { slug: input.slug, ...kind.columns(input) } as T["$inferInsert"] & { slug: string },
        kind.fieldsOf,
      );
      return kind.json(row);
    }),
  );
}

function updateSelling<T extends SellingTable, I extends SellingInput, J>(
  db: Database,
  actor: AuditActor,
  kind: Selling<T, I, J>,
  slug: string,
  input: I,
) {
  return thenPurge(
    db.transaction(async (tx) => {
      const row = await locked(tx, kind.table, kind.subject, slug);
      const retired = row.retiredAt !== null;
      // A retired one keeps the plan it had, even a retired one; a new plan must be on sale.
      if (input.plan !== row.plan || !retired) {
        await checkPackPlan(tx, input.plan, retired, kind.noun);
      }
      const updated = await writeUpdate(
        tx,
        actor,
        kind.table,
        kind.subject,
        row,
        [kind.fieldsOf(row), input],
        { ...kind.columns(input), position: input.position ?? row.position },
      );
      return kind.json(updated);
    }),
  );
}

/** Off sale, or back on sale once its listing plan is on sale and paid (409 before). */
function setSellingRetired<T extends SellingTable, I, J>(
  db: Database,
  actor: AuditActor,
  kind: Selling<T, I, J>,
  slug: string,
  retired: boolean,
) {
  return thenPurge(
    db.transaction(async (tx) => {
      const row = await locked(tx, kind.table, kind.subject, slug);
      if ((row.retiredAt !== null) === retired) return kind.json(row);
      if (!retired) {
        const [plan] = await tx
          .select()
          .from(listingPlans)
          .where(eq(listingPlans.slug, row.plan))
          .for("share");
        if (!plan || plan.retiredAt) {
          throw conflict(
            `Its plan, ${plan?.name ?? row.plan}, is retired: restore the plan before the ${kind.noun}`,
          );
        }
        if (plan.priceMinor === 0) {
          throw conflict(
            `Its plan, ${plan.name}, is free now: a ${kind.noun} is of a plan with a price`,
          );
        }
      }
      return kind.json(
        await writeRetired(tx, actor, kind.table, kind.subject, row, retired, new Date()),
      );
    }),
  );
}

export const createPack = (db: Database, actor: AuditActor, input: PackCreateInput) =>
  createSelling(db, actor, PACKS, input);

export const updatePack = (db: Database, actor: AuditActor, slug: string, input: PackUpdateInput) =>
  updateSelling(db, actor, PACKS, slug, input);

/** Takes a pack off sale or puts it back; back on sale only while its plan is (409). */
export const setPackRetired = (db: Database, actor: AuditActor, slug: string, retired: boolean) =>
  setSellingRetired(db, actor, PACKS, slug, retired);

/** A new subscription plan, on sale at once, of a paid plan on sale. */
export const createSubscriptionPlan = (
  db: Database,
  actor: AuditActor,
  input: SubscriptionPlanCreateInput,
) => createSelling(db, actor, SUBSCRIPTION_PLANS, input);

/**
 * A subscription plan's changes: for new subscriptions, and for the next periods of those on
 * invoice; one by card keeps the price Stripe has for it.
 */
export const updateSubscriptionPlan = (
  db: Database,
  actor: AuditActor,
  slug: string,
  input: SubscriptionPlanUpdateInput,
) => updateSelling(db, actor, SUBSCRIPTION_PLANS, slug, input);

/** Takes a subscription plan off sale (running subscriptions on it go on) or puts it back. */
export const setSubscriptionPlanRetired = (
  db: Database,
  actor: AuditActor,
  slug: string,
  retired: boolean,
) => setSellingRetired(db, actor, SUBSCRIPTION_PLANS, slug, retired);

/**
 * The currency and /pricing's comparison. A new currency converts no price: the amounts stay,
 * read in the new currency, on the pages and on new orders (invoices keep their own).
 */
export async function updateOfferSettings(
  db: Database,
  actor: AuditActor,
  input: OfferSettingsInput,
) {
  return thenPurge(
    db.transaction(async (tx) => {
      const named = [...new Set(input.comparison.flatMap((row) => row.plans))];
      const known =
        named.length === 0
          ? []
          : await tx
              .select({ slug: listingPlans.slug })
              .from(listingPlans)
              .where(inArray(listingPlans.slug, named));
      const unknown = named.filter((slug) => !known.some((plan) => plan.slug === slug));
      if (unknown.length > 0) {
        throw new InvalidInput({
          comparison: [
            `There is no plan ${unknown.map((slug) => `“${slug}”`).join(", ")}: name plans by their slug`,
          ],
        });
      }
      const comparison = input.comparison.map((row) => ({
        feature: row.feature,
        plans: [...new Set(row.plans)],
      }));
      const [before] = await tx
        .select()
        .from(offerSettings)
        .where(eq(offerSettings.id, 1))
        .for("update");
      const after = { currency: input.currency, comparison };
      const changed = changes(
        { currency: before?.currency ?? "usd", comparison: before?.comparison ?? [] },
        after,
      );
      const now = new Date();
      const [row] = await tx
        .insert(offerSettings)
        .values({ id: 1, ...after, updatedAt: now })
        .onConflictDoUpdate({ target: offerSettings.id, set: { ...after, updatedAt: now } })
        .returning();
      if (changed) {
        await recordAudit(tx, actor, {
          action: "offer.settings",
          subjectType: "offer",
          subjectId: 1,
          detail: changed,
        });
      }
      return {
        currency: row!.currency,
        comparison: row!.comparison,
        updated_at: row!.updatedAt.toISOString(),
      };
    }),
  );
}
