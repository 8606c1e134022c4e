import { and, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { formatAmount, percentLabel } from "@/features/billing/offer";
import type { Item } from "@/features/billing/tax";
import type { Database } from "@/lib/server/db/client";
import {
  couponRedemptions,
  coupons,
  invoices,
  listingPacks,
  listingPlans,
  subscriptionPlans,
} from "@/lib/server/db/schema";
import { conflict, InvalidInput, notFound } from "@/lib/server/errors";
import { recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import type { ConsoleCoupon, CouponFormInput } from "@/features/billing/offer-schemas";
import { boardCurrency, packForSale, planForSale } from "./offer";

/*
 * Coupons and promotion codes (issue 63). An order given a code is quoted its discount here
 * (`quoteCoupon`: the discount, or a 422 saying why not), and redeems it in its own transaction
 * (`redeemCoupon`: the coupon's row locked, its uses counted, so two orders racing for the last
 * use get one 201 and one 409). The discount is a line of its own, negative, after the order's
 * lines; tax is per line, so it is taxed back as the lines are. An invoice's use counts for
 * ever; a Checkout session's counts 24 hours (the longest a session lives) until it is paid,
 * when the webhook gives it its invoice (`confirmCheckoutRedemption`).
 */

export type CouponRow = typeof coupons.$inferSelect;

/**
 * What a coupon is typed for: a plan's listing (or renewal, upgrade), a pack, or a subscription
 * plan (its periods, for as long as the coupon's `duration` says: `server/subscription-coupons`).
 */
export type CouponProduct = { kind: "plan" | "pack" | "subscription"; slug: string };

export type CouponDiscount = {
  coupon: CouponRow;
  /** Positive, in minor units. */
  discountMinor: number;
  /** The invoice's discount line: quantity 1, negative. */
  item: Item;
};

/** How long a Checkout session's use counts without its invoice. */
export const PENDING_REDEMPTION_MS = 24 * 60 * 60 * 1000;

/** A code as stored: trimmed, upper case. */
export const normalCode = (code: string) => code.trim().toUpperCase();

const refuse = (message: string) => new InvalidInput({ coupon: [message] });

/** An order paid with a credit takes no coupon. */
export const refuseCouponWithCredit = () => refuse("A credit pays for this: no coupon needed");

/** The order's net (before any discount, or after with its line). */
export const netOf = (items: Item[]) =>
  items.reduce((sum, item) => sum + item.quantity * item.unitMinor, 0);

/** `value` × `bp` / 10 000, rounded half away from zero (value ≥ 0). */
const percentOf = (value: number, bp: number) => Math.floor((value * bp + 5_000) / 10_000);

/** The discount `coupon` takes off `items` (never more than their net), and its line. */
export function discountOf(
  coupon: CouponRow,
  items: Item[],
  currency: string,
): { discountMinor: number; item: Item } {
  const net = netOf(items);
  const off =
    coupon.kind === "percent"
      ? percentOf(net, coupon.percentBp ?? 0)
      : Math.min(coupon.amountMinor ?? 0, net);
  const label =
    coupon.kind === "percent"
      ? percentLabel(coupon.percentBp ?? 0)
      : formatAmount(coupon.amountMinor ?? 0, currency);
  const discountMinor = Math.min(off, net);
  return {
    discountMinor,
    item: {
      description: `Discount ${coupon.code} (${label})`,
      quantity: 1,
      unitMinor: -discountMinor,
      product: { kind: "coupon", slug: coupon.code },
    },
  };
}

/** A use that counts: not given back, and invoiced or a session at most 24 hours old. */
const live = (now: Date) =>
  and(
    isNull(couponRedemptions.releasedAt),
    or(
      isNotNull(couponRedemptions.invoiceId),
      gt(couponRedemptions.redeemedAt, new Date(now.getTime() - PENDING_REDEMPTION_MS)),
    ),
  );

async function usesOf(db: Database, couponId: number, companyId: number, now: Date) {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) filter (where ${couponRedemptions.companyId} = ${companyId}))::int`,
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), live(now)));
  return { all: row?.all ?? 0, mine: row?.mine ?? 0 };
}

const hasInvoice = async (db: Database, companyId: number) => {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.kind, "invoice")))
    .limit(1);
  return row !== undefined;
};

const findCoupon = async (db: Database, code: string, lock: boolean) => {
  const query = db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${normalCode(code)}`);
  const [row] = lock ? await query.for("update") : await query;
  return row;
};

/**
 * The discount `coupon` gives this order, or why not (422, `errors.coupon`). `usedUp` is what
 * its limit of uses reached throws: a 422 when quoting, a 409 when ordering (another order took
 * the last use, maybe a moment before).
 */
async function check(
  db: Database,
  coupon: CouponRow | undefined,
  companyId: number,
  items: Item[],
  product: CouponProduct,
  now: Date,
  usedUp: (message: string) => Error,
) {
  if (!coupon || coupon.retiredAt) throw refuse("There is no such coupon code");
  if (coupon.expiresAt && coupon.expiresAt <= now) throw refuse("This coupon code has expired");
  if (coupon.appliesTo.length > 0 && !coupon.appliesTo.includes(product.slug)) {
    throw refuse("This coupon code does not apply to this product");
  }
  const currency = await boardCurrency(db);
  if (coupon.minOrderMinor !== null && netOf(items) < coupon.minOrderMinor) {
    throw refuse(
      `This coupon code needs a minimum order of ${formatAmount(coupon.minOrderMinor, currency)}`,
    );
  }
  if (coupon.firstOrderOnly && (await hasInvoice(db, companyId))) {
    throw refuse("This coupon code is for a first order only");
  }
  const uses = await usesOf(db, coupon.id, companyId, now);
  if (coupon.maxRedemptions !== null && uses.all >= coupon.maxRedemptions) {
    throw usedUp("This coupon code has been used up");
  }
  if (coupon.maxPerCompany !== null && uses.mine >= coupon.maxPerCompany) {
    throw refuse("This coupon code was already used by your company");
  }
  return { coupon, ...discountOf(coupon, items, currency) };
}

/** The discount `code` gives the company's order of `items`; 422 (`errors.coupon`) when none. */
export async function quoteCoupon(
  db: Database,
  companyId: number,
  code: string,
  items: Item[],
  product: CouponProduct,
  now: Date = new Date(),
): Promise<CouponDiscount> {
  return check(db, await findCoupon(db, code, false), companyId, items, product, now, refuse);
}

/**
 * What the codes kept with orders awaiting payment (a held draft's `jobs.coupon_code`) take off
 * them now, by `discountOf` (the quote's own sum), in the order given: null for an order with
 * no code, or whose code is retired, expired or gone (its checkout would refuse it). Their uses
 * are not counted: the order's own session holds one already.
 */
export async function keptDiscounts(
  db: Database,
  orders: { code: string | null; items: Item[] }[],
  now: Date = new Date(),
): Promise<({ code: string; discountMinor: number } | null)[]> {
  const codes = [
    ...new Set(orders.flatMap((order) => (order.code ? [normalCode(order.code)] : []))),
  ];
  if (codes.length === 0) return orders.map(() => null);
  const rows = await db
    .select()
    .from(coupons)
    .where(inArray(sql`upper(${coupons.code})`, codes));
  const byCode = new Map(rows.map((row) => [normalCode(row.code), row]));
  const currency = await boardCurrency(db);
  return orders.map(({ code, items }) => {
    const coupon = code ? byCode.get(normalCode(code)) : undefined;
    if (!coupon || coupon.retiredAt || (coupon.expiresAt && coupon.expiresAt <= now)) return null;
    return { code: coupon.code, discountMinor: discountOf(coupon, items, currency).discountMinor };
  });
}

export type Redemption = CouponDiscount & { redemptionId: number };

/**
 * Redeems `code` for the order, in its transaction: the coupon's row is locked while its uses
 * are counted and this one recorded, so the last use goes to one order; the other gets 409
 * (422 for every other reason, as `quoteCoupon`). Orders call it without quoting first, so the
 * loser of a race is always told 409. Give the invoice with `confirmRedemption`,
 * or the Checkout session with `redemptionSession`.
 */
export async function redeemCoupon(
  tx: Database,
  companyId: number,
  code: string,
  items: Item[],
  product: CouponProduct,
  now: Date = new Date(),
): Promise<Redemption> {
  const quoted = await check(
    tx,
    await findCoupon(tx, code, true),
    companyId,
    items,
    product,
    now,
    conflict,
  );
  const [row] = await tx
    .insert(couponRedemptions)
    .values({
      couponId: quoted.coupon.id,
      companyId,
      discountMinor: quoted.discountMinor,
      redeemedAt: now,
    })
    .returning({ id: couponRedemptions.id });
  return { ...quoted, redemptionId: row!.id };
}

/** The invoice a redemption was given by (an order on invoice, or its Checkout paid). */
export async function confirmRedemption(tx: Database, redemptionId: number, invoiceId: number) {
  await tx
    .update(couponRedemptions)
    .set({ invoiceId })
    .where(eq(couponRedemptions.id, redemptionId));
}

/** The Checkout session a redemption is for. */
export async function redemptionSession(db: Database, redemptionId: number, sessionId: string) {
  await db
    .update(couponRedemptions)
    .set({ checkoutSession: sessionId })
    .where(eq(couponRedemptions.id, redemptionId));
}

/** Gives a use back: its order was not placed (Checkout could not be opened). */
export async function releaseRedemption(db: Database, redemptionId: number, now: Date) {
  await db
    .update(couponRedemptions)
    .set({ releasedAt: now })
    .where(eq(couponRedemptions.id, redemptionId));
}

/** At the webhook: the paid session's use, if it had one, is the invoice's for good. */
export async function confirmCheckoutRedemption(
  tx: Database,
  sessionId: string,
  invoiceId: number,
) {
  await tx
    .update(couponRedemptions)
    .set({ invoiceId, releasedAt: null })
    .where(eq(couponRedemptions.checkoutSession, sessionId));
}

/** Gives back the use an unpaid Checkout session held (its order opens a new session). */
export async function releaseSessionRedemption(tx: Database, sessionId: string, now: Date) {
  await tx
    .update(couponRedemptions)
    .set({ releasedAt: now })
    .where(
      and(
        eq(couponRedemptions.checkoutSession, sessionId),
        isNull(couponRedemptions.invoiceId),
        isNull(couponRedemptions.releasedAt),
      ),
    );
}

/**
 * How an order paid by card is placed: `open` opens its Checkout session for its items (the
 * discount line with them); `free`, in the redemption's transaction, gives what a coupon made
 * free (a net of 0: Checkout takes no order of 0) with its paid invoice of 0.
 */
export type CardOrder<T> = {
  open: (items: Item[]) => Promise<T>;
  free: (tx: Database, items: Item[]) => Promise<{ id: number }>;
};

/** A card order placed: the Checkout session to pay, or the invoice of an order made free. */
export type CardOrderPlaced<T> =
  { session: T; invoiceId: null } | { session: null; invoiceId: number };

/**
 * Opens an order's Checkout with `coupon` redeemed (or without one): the use is recorded first,
 * in a transaction of its own, then given the session's id; if Checkout cannot be opened it is
 * given back. An order the coupon makes free opens no Checkout: it is given at once (`free`),
 * its use confirmed with its invoice of 0, in one transaction.
 */
export async function checkoutWithCoupon<T extends { id: string }>(
  db: Database,
  companyId: number,
  coupon: { code: string; product: CouponProduct } | null | undefined,
  items: Item[],
  order: CardOrder<T>,
  now: Date = new Date(),
): Promise<CardOrderPlaced<T>> {
  if (!coupon) return { session: await order.open(items), invoiceId: null };
  const redeemed = await db.transaction(async (tx) => {
    const redemption = await redeemCoupon(tx, companyId, coupon.code, items, coupon.product, now);
    const lines = [...items, redemption.item];
    if (netOf(lines) > 0) return { redemption, lines, invoiceId: null };
    const invoice = await order.free(tx, lines);
    await confirmRedemption(tx, redemption.redemptionId, invoice.id);
    return { redemption, lines, invoiceId: invoice.id };
  });
  if (redeemed.invoiceId !== null) return { session: null, invoiceId: redeemed.invoiceId };
  try {
    const session = await order.open(redeemed.lines);
    // An employer's writes are made in a transaction (lib/server/auth/employer.ts).
    await db.transaction((tx) =>
      redemptionSession(tx, redeemed.redemption.redemptionId, session.id),
    );
    return { session, invoiceId: null };
  } catch (error) {
    await db.transaction((tx) => releaseRedemption(tx, redeemed.redemption.redemptionId, now));
    throw error;
  }
}

export type CouponInput = {
  code: string;
  kind: CouponRow["kind"];
  percentBp?: number | null;
  amountMinor?: number | null;
  appliesTo?: string[];
  expiresAt?: Date | null;
  maxRedemptions?: number | null;
  maxPerCompany?: number | null;
  firstOrderOnly?: boolean;
  minOrderMinor?: number | null;
  duration?: CouponRow["duration"];
  durationInMonths?: number | null;
};

/** A new coupon (the console's; its code stored upper case). */
export async function createCoupon(db: Database, input: CouponInput): Promise<CouponRow> {
  const [row] = await db
    .insert(coupons)
    .values({
      code: normalCode(input.code),
      kind: input.kind,
      percentBp: input.kind === "percent" ? (input.percentBp ?? null) : null,
      amountMinor: input.kind === "amount" ? (input.amountMinor ?? null) : null,
      appliesTo: input.appliesTo ?? [],
      expiresAt: input.expiresAt ?? null,
      maxRedemptions: input.maxRedemptions ?? null,
      maxPerCompany: input.maxPerCompany ?? null,
      firstOrderOnly: input.firstOrderOnly ?? false,
      minOrderMinor: input.minOrderMinor ?? null,
      duration: input.duration ?? "once",
      durationInMonths: input.duration === "repeating" ? (input.durationInMonths ?? null) : null,
    })
    .returning();
  return row!;
}

/** A subscription plan on sale, by slug. */
async function subscriptionPlanForSale(db: Database, slug: string) {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.slug, slug));
  return row && !row.retiredAt ? row : undefined;
}

/** The items a product is sold as, to quote a coupon on (a listing of the plan, the pack, a period). */
async function productItems(db: Database, product: CouponProduct): Promise<Item[] | null> {
  if (product.kind === "subscription") {
    const plan = await subscriptionPlanForSale(db, product.slug);
    return plan ? [{ description: plan.name, quantity: 1, unitMinor: plan.priceMinor }] : null;
  }
  if (product.kind === "pack") {
    const pack = await packForSale(db, product.slug);
    return pack ? [{ description: pack.name, quantity: 1, unitMinor: pack.price_minor }] : null;
  }
  const plan = await planForSale(db, product.slug);
  return plan && plan.price_minor > 0
    ? [{ description: plan.name, quantity: 1, unitMinor: plan.price_minor }]
    : null;
}

/**
 * `POST /api/company/coupon-quote`: what `code` takes off the product at its price now, before
 * tax. Someone in no company is quoted as a company with no invoice.
 */
export async function couponQuote(
  db: Database,
  companyId: number | null,
  code: string,
  product: CouponProduct,
  now: Date = new Date(),
) {
  const items = await productItems(db, product);
  if (!items) throw refuse("This coupon code does not apply to this product");
  const quoted = await quoteCoupon(db, companyId ?? 0, code, items, product, now);
  const subtotal = netOf(items);
  return {
    code: quoted.coupon.code,
    description: quoted.item.description,
    subtotal_minor: subtotal,
    discount_minor: quoted.discountMinor,
    total_minor: subtotal - quoted.discountMinor,
    currency: await boardCurrency(db),
    duration: quoted.coupon.duration,
    duration_in_months: quoted.coupon.durationInMonths,
  };
}

/* The console (issue 63): moderators list, add, change and retire coupons; each change audited. */

const fieldsOf = (row: CouponRow) => ({
  code: row.code,
  kind: row.kind,
  percent_bp: row.percentBp,
  amount_minor: row.amountMinor,
  applies_to: row.appliesTo,
  expires_at: row.expiresAt?.toISOString() ?? null,
  max_redemptions: row.maxRedemptions,
  max_per_company: row.maxPerCompany,
  first_order_only: row.firstOrderOnly,
  min_order_minor: row.minOrderMinor,
  duration: row.duration,
  duration_in_months: row.durationInMonths,
});

function consoleCoupon(row: CouponRow, uses: number, now: Date): ConsoleCoupon {
  const state = row.retiredAt
    ? "retired"
    : row.expiresAt && row.expiresAt <= now
      ? "expired"
      : row.maxRedemptions !== null && uses >= row.maxRedemptions
        ? "used_up"
        : "active";
  return {
    id: row.id,
    ...fieldsOf(row),
    uses,
    state,
    retired_at: row.retiredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const usesNow = async (db: Database, couponId: number, now: Date) =>
  (await usesOf(db, couponId, 0, now)).all;

/** Every coupon, newest first, with its uses so far. */
export async function listCoupons(db: Database, now: Date = new Date()) {
  const rows = await db
    .select()
    .from(coupons)
    .orderBy(sql`${coupons.createdAt} desc, ${coupons.id} desc`);
  const counts = await db
    .select({ couponId: couponRedemptions.couponId, uses: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(live(now))
    .groupBy(couponRedemptions.couponId);
  const uses = new Map(counts.map((count) => [count.couponId, count.uses]));
  return { coupons: rows.map((row) => consoleCoupon(row, uses.get(row.id) ?? 0, now)) };
}

const valuesOf = (input: CouponFormInput) => ({
  code: normalCode(input.code),
  kind: input.kind,
  percentBp: input.kind === "percent" ? input.percent_bp : null,
  amountMinor: input.kind === "amount" ? input.amount_minor : null,
  appliesTo: input.applies_to,
  expiresAt: input.expires_at ? new Date(input.expires_at) : null,
  maxRedemptions: input.max_redemptions,
  maxPerCompany: input.max_per_company,
  firstOrderOnly: input.first_order_only,
  minOrderMinor: input.min_order_minor,
  duration: input.duration,
  durationInMonths: input.duration === "repeating" ? input.duration_in_months : null,
});

const refuseTakenCode = async (tx: Database, code: string, except: number | null) => {
  const [taken] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${normalCode(code)}`);
  if (taken && taken.id !== except) {
    throw new InvalidInput({ code: ["A coupon with this code exists already"] });
  }
};

/** 422 on `applies_to` unless each slug is a plan, a pack or a subscription plan of the offer. */
async function refuseUnknownProducts(tx: Database, slugs: string[]) {
  if (slugs.length === 0) return;
  const known = new Set(
    (
      await Promise.all([
        tx
          .select({ slug: listingPlans.slug })
          .from(listingPlans)
          .where(inArray(listingPlans.slug, slugs)),
        tx
          .select({ slug: listingPacks.slug })
          .from(listingPacks)
          .where(inArray(listingPacks.slug, slugs)),
        tx
          .select({ slug: subscriptionPlans.slug })
          .from(subscriptionPlans)
          .where(inArray(subscriptionPlans.slug, slugs)),
      ])
    )
      .flat()
      .map((row) => row.slug),
  );
  const unknown = slugs.filter((slug) => !known.has(slug));
  if (unknown.length > 0) {
    throw new InvalidInput({
      applies_to: [`No plan, pack or subscription plan is named ${unknown.join(", ")}`],
    });
  }
}

const lockedCoupon = async (tx: Database, id: number) => {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
  if (!row) throw notFound("Coupon not found");
  return row;
};

export async function addCoupon(
  db: Database,
  actor: AuditActor,
  input: CouponFormInput,
  now: Date = new Date(),
) {
  return db.transaction(async (tx) => {
    await refuseTakenCode(tx, input.code, null);
    await refuseUnknownProducts(tx, input.applies_to);
    const [row] = await tx
      .insert(coupons)
      .values({ ...valuesOf(input), createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, actor, {
      action: "coupon.create",
      subjectType: "coupon",
      subjectId: row!.id,
      detail: { code: row!.code, after: fieldsOf(row!) },
    });
    return consoleCoupon(row!, 0, now);
  });
}

export async function updateCoupon(
  db: Database,
  actor: AuditActor,
  id: number,
  input: CouponFormInput,
  now: Date = new Date(),
) {
  return db.transaction(async (tx) => {
    const before = await lockedCoupon(tx, id);
    await refuseTakenCode(tx, input.code, id);
    await refuseUnknownProducts(tx, input.applies_to);
    const [row] = await tx
      .update(coupons)
      .set({ ...valuesOf(input), updatedAt: now })
      .where(eq(coupons.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "coupon.update",
      subjectType: "coupon",
      subjectId: id,
      detail: { code: row!.code, before: fieldsOf(before), after: fieldsOf(row!) },
    });
    return consoleCoupon(row!, await usesNow(tx, id, now), now);
  });
}

/** Takes a coupon out of use for good; the invoices that have it keep its line. */
export async function retireCoupon(
  db: Database,
  actor: AuditActor,
  id: number,
  now: Date = new Date(),
) {
  return db.transaction(async (tx) => {
    const before = await lockedCoupon(tx, id);
    if (before.retiredAt) throw conflict("This coupon is retired already");
    const [row] = await tx
      .update(coupons)
      .set({ retiredAt: now, updatedAt: now })
      .where(eq(coupons.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "coupon.retire",
      subjectType: "coupon",
      subjectId: id,
      detail: { code: row!.code },
    });
    return consoleCoupon(row!, await usesNow(tx, id, now), now);
  });
}
