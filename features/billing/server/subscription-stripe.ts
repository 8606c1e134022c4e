import { and, eq, isNull, ne } from "drizzle-orm";
import type Stripe from "stripe";
import { formatTaxRate } from "@/features/billing/documents";
import { priceLines, totalsOf, type Item } from "@/features/billing/tax";
import { recordAudit } from "@/lib/server/audit/audit";
import type { Employer } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import {
  companySubscriptions,
  couponRedemptions,
  coupons,
  subscriptionInvoices,
} from "@/lib/server/db/schema";
import { conflict, notFound } from "@/lib/server/errors";
import type { MailMessage } from "@/lib/server/mail/messages";
import { adminRecipients } from "@/lib/server/users/company-admins";
import {
  confirmRedemption,
  discountOf,
  redemptionSession,
  releaseRedemption,
  type Redemption,
} from "./coupons";
import { quote } from "./invoices";
import { stripeClient } from "./stripe";
import {
  couponColumns,
  couponCovers,
  creditPeriod,
  endPeriodCredits,
  couponOf,
  intervalsAfter,
  redeemForSubscription,
  issueSubscriptionInvoice,
  periodInvoiced,
  periodItems,
  subscriptionPlanNamed,
  SYSTEM_ACTOR,
  type SubscriptionPlanRow,
  type SubscriptionRow,
} from "./subscriptions";

/*
 * Subscriptions by card, through Stripe Billing (issue 63). Checkout in subscription mode starts
 * one; Stripe charges each period, and its events drive ours: `invoice.paid` issues our own
 * invoice for the period (or for a change of plan within it) and its credits, once per Stripe
 * invoice; `invoice.payment_failed` makes it past_due and tells the owner and admins, and after
 * the last retry (no next attempt) ends it, so no more credits come; `customer.subscription.*`
 * keep its status, period and cancel-at-period-end as Stripe has them. Stripe is sent the
 * period's price with its tax as one recurring price (the tax rate in the metadata): our invoice
 * splits what was paid into net and tax at that rate.
 */

const unavailableStripe = () => conflict("Online payment is not set up; subscribe on invoice");

async function stripeOrRefuse() {
  const stripe = await stripeClient();
  if (!stripe) throw unavailableStripe();
  return stripe;
}

/** A Checkout session in subscription mode for `plan`; its URL. */
export async function subscriptionCheckout(
  db: Database,
  { user, member }: Employer,
  plan: SubscriptionPlanRow,
  returnUrl: string,
  couponCode: string | null = null,
): Promise<string> {
  const stripe = await stripeOrRefuse();
  const priced = await quote(db, member.companyId, [
    { description: plan.name, quantity: 1, unitMinor: plan.priceMinor },
  ]);
  const rate = priced.treatment.rateBp;
  const discount =
    couponCode === null
      ? null
      : await stripeCouponFor(db, stripe, member.companyId, plan, couponCode, priced.total);
  const metadata = {
    kind: "subscription",
    company_id: String(member.companyId),
    plan: plan.slug,
    tax_rate_bp: String(rate),
    // What Stripe is to charge each period before a coupon: an invoice.paid of another amount
    // (its discount added back) is refused.
    amount_minor: String(priced.total),
    ...discount?.metadata,
  };
  const session = await holdingUse(db, discount?.redemption ?? null, () =>
    openSubscriptionCheckout(stripe, {
      mode: "subscription",
      ...(discount?.stripeCoupon && { discounts: [{ coupon: discount.stripeCoupon }] }),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: priced.currency,
            unit_amount: priced.total,
            recurring: { interval: plan.interval },
            product_data: {
              name: rate > 0 ? `${plan.name} (with tax ${formatTaxRate(rate)})` : plan.name,
            },
          },
        },
      ],
      client_reference_id: `company-${member.companyId}`,
      metadata,
      subscription_data: { metadata },
      billing_address_collection: "required",
      tax_id_collection: { enabled: true },
      ...(user.email && { customer_email: user.email }),
      success_url: `${returnUrl}${returnUrl.includes("?") ? "&" : "?"}subscribed={CHECKOUT_SESSION_ID}`,
      cancel_url: returnUrl,
    }),
  );
  if (discount) {
    await db.transaction((tx) =>
      redemptionSession(tx, discount.redemption.redemptionId, session.id),
    );
  }
  return session.url!;
}

const openSubscriptionCheckout = async (
  stripe: Stripe,
  params: Stripe.Checkout.SessionCreateParams,
) => {
  const session = await stripe.checkout.sessions.create(params);
  if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
  return session;
};

/*
 * A coupon on a subscription by card (issue 63). Its use is redeemed when Checkout is opened (as
 * a listing's or a pack's: counted 24 hours until paid), and Stripe is given a coupon of its own
 * made from ours: the same `duration` and `duration_in_months`, and as `amount_off` what ours
 * takes off the period's price with its tax (the recurring price is sent with its tax), so Stripe
 * charges exactly the total we quoted. Its id and amount travel in the subscription's metadata;
 * the first period's `invoice.paid` gives the subscription its coupon and the use its invoice.
 */

/** The Stripe coupon for `code` on a subscription to `plan` whose price with tax is `gross`. */
async function stripeCouponFor(
  db: Database,
  stripe: Stripe,
  companyId: number,
  plan: SubscriptionPlanRow,
  code: string,
  gross: number,
) {
  const now = new Date();
  const redemption = await db.transaction((tx) =>
    redeemForSubscription(tx, companyId, code, plan, now, intervalsAfter(now, plan.interval, 1)),
  );
  return holdingUse(db, redemption, async () => {
    const discounted = await quote(db, companyId, [
      { description: plan.name, quantity: 1, unitMinor: plan.priceMinor },
      redemption.item,
    ]);
    const off = gross - discounted.total;
    const coupon = redemption.coupon;
    const stripeCoupon =
      off > 0
        ? await stripe.coupons.create(
            {
              name: coupon.code,
              amount_off: off,
              currency: discounted.currency,
              duration: coupon.duration,
              ...(coupon.duration === "repeating" && {
                duration_in_months: coupon.durationInMonths ?? 1,
              }),
              max_redemptions: 1,
              metadata: { code: coupon.code, redemption: String(redemption.redemptionId) },
            },
            { idempotencyKey: `subscription-coupon-${redemption.redemptionId}` },
          )
        : null;
    return {
      redemption,
      stripeCoupon: stripeCoupon?.id ?? null,
      metadata: {
        coupon: coupon.code,
        coupon_redemption: String(redemption.redemptionId),
        coupon_off_minor: String(Math.max(0, off)),
      },
    };
  });
}

/** Runs `open` (Stripe's side of an order) with `redemption`'s use given back if it fails. */
async function holdingUse<T>(
  db: Database,
  redemption: Redemption | null,
  open: () => Promise<T>,
): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (redemption) {
      await db.transaction((tx) => releaseRedemption(tx, redemption.redemptionId, new Date()));
    }
    throw error;
  }
}

/** Tells Stripe to end the subscription at its period's end. */
export async function cancelAtStripe(stripeSubscriptionId: string) {
  const stripe = await stripeOrRefuse();
  await stripe.subscriptions.update(stripeSubscriptionId, { cancel_at_period_end: true });
}

/**
 * Moves a Stripe subscription to `plan`'s price (with the company's tax), prorated and charged
 * at once for a dearer plan (`always_invoice`: its `invoice.paid` brings our invoice and the
 * extra credits), from the next period for a cheaper one (`none`).
 */
export async function changeAtStripe(
  db: Database,
  subscription: SubscriptionRow,
  plan: SubscriptionPlanRow,
  upgrade: boolean,
) {
  const stripe = await stripeOrRefuse();
  const current = await stripe.subscriptions.retrieve(subscription.stripeSubscriptionId!);
  const item = current.items.data[0];
  if (!item) throw conflict("Stripe has no price on this subscription");
  const priced = await quote(db, subscription.companyId, [
    { description: plan.name, quantity: 1, unitMinor: plan.priceMinor },
  ]);
  const product =
    typeof item.price.product === "string" ? item.price.product : item.price.product.id;
  // Monthly ↔ yearly: a new period starts now, the unused time credited (Stripe's proration).
  const before = await subscriptionPlanNamed(db, subscription.plan);
  const newInterval = before !== undefined && before.interval !== plan.interval;
  await stripe.subscriptions.update(subscription.stripeSubscriptionId!, {
    ...(newInterval && { billing_cycle_anchor: { type: "now" as const } }),
    items: [
      {
        id: item.id,
        price_data: {
          currency: priced.currency,
          product,
          unit_amount: priced.total,
          recurring: { interval: plan.interval },
        },
      },
    ],
    proration_behavior: upgrade ? "always_invoice" : "none",
    // Copied onto the proration's invoice: what the change gives is counted from the old plan.
    metadata: {
      plan: plan.slug,
      previous_plan: subscription.plan,
      tax_rate_bp: String(priced.treatment.rateBp),
      amount_minor: String(priced.total),
    },
  });
}

/** A session of Stripe's customer portal for the company's subscription by card. */
export async function subscriptionPortal(db: Database, { member }: Employer, returnUrl: string) {
  const [row] = await db
    .select()
    .from(companySubscriptions)
    .where(eq(companySubscriptions.companyId, member.companyId))
    .orderBy(companySubscriptions.id);
  const withCustomer = row && (await latestWithCustomer(db, member.companyId));
  if (!withCustomer) {
    if (!row) throw notFound("Your company has no subscription");
    throw conflict("Your subscription is on invoice: there is no card to change");
  }
  const stripe = await stripeOrRefuse();
  const session = await stripe.billingPortal.sessions.create({
    customer: withCustomer,
    return_url: returnUrl,
  });
  return { url: session.url };
}

async function latestWithCustomer(db: Database, companyId: number) {
  const rows = await db
    .select({ customer: companySubscriptions.stripeCustomerId })
    .from(companySubscriptions)
    .where(eq(companySubscriptions.companyId, companyId));
  return rows.map((row) => row.customer).findLast((customer) => customer !== null) ?? null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** Our statuses for Stripe's. */
const STATUS: Partial<Record<Stripe.Subscription.Status, SubscriptionRow["status"]>> = {
  active: "active",
  trialing: "active",
  past_due: "past_due",
  unpaid: "past_due",
  canceled: "canceled",
  incomplete_expired: "canceled",
};

async function byStripeId(tx: Database, stripeSubscriptionId: string) {
  const [row] = await tx
    .select()
    .from(companySubscriptions)
    .where(eq(companySubscriptions.stripeSubscriptionId, stripeSubscriptionId))
    .for("update");
  return row;
}

/** Whether `customer` is the Stripe customer of another company's subscription. */
async function customerOfAnother(tx: Database, customer: string, companyId: number) {
  const [row] = await tx
    .select({ id: companySubscriptions.id })
    .from(companySubscriptions)
    .where(
      and(
        eq(companySubscriptions.stripeCustomerId, customer),
        ne(companySubscriptions.companyId, companyId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The row of a Stripe subscription, made the first time one of its events arrives (the session's
 * completion or its first invoice, whichever comes first) from the metadata we gave it.
 */
async function ensureRow(
  tx: Database,
  found: {
    stripeSubscriptionId: string;
    customer: string | null;
    metadata: Record<string, string> | null | undefined;
    start: Date;
    end: Date;
  },
  now: Date,
) {
  const existing = await byStripeId(tx, found.stripeSubscriptionId);
  // An event naming another Stripe customer than the subscription's is not about it.
  if (existing) {
    const other = found.customer && existing.stripeCustomerId;
    return other && other !== found.customer ? undefined : existing;
  }
  const companyId = Number(found.metadata?.company_id);
  const plan = found.metadata?.plan ? await subscriptionPlanNamed(tx, found.metadata.plan) : null;
  if (!plan || !Number.isSafeInteger(companyId)) return undefined;
  if (found.customer && (await customerOfAnother(tx, found.customer, companyId))) return undefined;
  const [created] = await tx
    .insert(companySubscriptions)
    .values({
      companyId,
      plan: plan.slug,
      status: "active",
      paymentMethod: "stripe",
      billingAnchor: found.start,
      currentPeriodStart: found.start,
      currentPeriodEnd: found.end,
      stripeSubscriptionId: found.stripeSubscriptionId,
      stripeCustomerId: found.customer,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) return byStripeId(tx, found.stripeSubscriptionId);
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: "subscription.start",
    subjectType: "subscription",
    subjectId: created.id,
    companyId,
    detail: { plan: plan.slug, pays_by: "card", stripe_subscription: found.stripeSubscriptionId },
  });
  return created;
}

/**
 * What `grossMinor` paid at `rateBp` was, net: the net whose line (net plus its tax, as our
 * invoices round it) comes to the gross exactly, so our invoice says what Stripe charged.
 */
export function netOfGross(
  grossMinor: number,
  rateBp: number,
  currency: string,
  description: string,
): Item[] {
  const guess = Math.round((grossMinor * 10_000) / (10_000 + rateBp));
  for (const net of [guess, guess - 1, guess + 1, guess - 2, guess + 2]) {
    const lines = priceLines([{ description, quantity: 1, unitMinor: net }], currency, rateBp);
    if (totalsOf(lines).total === grossMinor) return [{ description, quantity: 1, unitMinor: net }];
  }
  return [{ description, quantity: 1, unitMinor: guess }];
}

type EventOutcome = { invoice?: string; mail: MailMessage[] };

/** Stripe's invoice's subscription and the metadata we gave it. */
function subscriptionOfInvoice(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details;
  const id = idOf(details?.subscription as string | { id: string } | undefined);
  return id ? { id, metadata: details?.metadata ?? null } : null;
}

/** How much later than `latest` a paid period may start (clocks differ). */
const PERIOD_START_LEEWAY_MS = 24 * 60 * 60 * 1000;

/**
 * Why a paid Stripe invoice is not taken (no invoice of ours, no credits), or null: a period
 * starting after `latest` (the end of the period we have, or now for a subscription new to us:
 * Stripe bills each period as it starts), or a period paid at another amount than Stripe was
 * given for it (the metadata's `amount_minor`; a change of plan's proration is Stripe's sum).
 */
function refusalOf(
  invoice: Stripe.Invoice,
  metadata: Record<string, string> | null,
  start: Date,
  proration: boolean,
  latest: Date,
) {
  if (start.getTime() > latest.getTime() + PERIOD_START_LEEWAY_MS) {
    return `its period starts ${start.toISOString()}, after the next one's start`;
  }
  const expected = metadata?.amount_minor;
  // A coupon's discount is checked against the subscription's coupon (withCardCoupon).
  const paid = invoice.amount_paid + discountedOf(invoice);
  if (!proration && expected !== undefined && paid !== Number(expected)) {
    return `it paid ${paid} before its discount, not the ${expected} Stripe was given`;
  }
  return null;
}

async function invoicePaid(tx: Database, invoice: Stripe.Invoice, now: Date) {
  const sub = subscriptionOfInvoice(invoice);
  if (!sub || !invoice.id) return null;
  const [seen] = await tx
    .select({ invoiceId: subscriptionInvoices.invoiceId })
    .from(subscriptionInvoices)
    .where(eq(subscriptionInvoices.stripeInvoiceId, invoice.id));
  if (seen) return null;
  const line = invoice.lines.data.find((entry) => entry.amount > 0) ?? invoice.lines.data[0];
  const start = fromSeconds(line?.period.start ?? invoice.period_start);
  const end = fromSeconds(line?.period.end ?? invoice.period_end);
  // A change of plan's invoice: Stripe's sum of prorations (or, for a change of interval, the new
  // period less the old one's unused time).
  const update = invoice.billing_reason === "subscription_update";
  // A period follows the one we have (or starts now, for a subscription new to us).
  const known = await byStripeId(tx, sub.id);
  const refusal = refusalOf(invoice, sub.metadata, start, update, known?.currentPeriodEnd ?? now);
  if (refusal) {
    console.warn(`Refused Stripe invoice ${invoice.id}: ${refusal}`);
    return null;
  }
  const row = await ensureRow(
    tx,
    {
      stripeSubscriptionId: sub.id,
      customer: idOf(invoice.customer),
      metadata: sub.metadata,
      start,
      end,
    },
    now,
  );
  if (!row) return null;
  const plan = (await subscriptionPlanNamed(tx, (!update && row.nextPlan) || row.plan))!;
  // A change of plan gives the listings the new plan has beyond the old one this period.
  const previous =
    update && sub.metadata?.previous_plan
      ? await subscriptionPlanNamed(tx, sub.metadata.previous_plan)
      : null;
  // A change of interval starts a new period (Stripe reset the billing cycle): a period's invoice.
  const restart = update && previous != null && previous.interval !== plan.interval;
  const proration = update && !restart;
  // The old period ends now: its unspent credits with it (rolled-over ones stay).
  if (restart) await endPeriodCredits(tx, row, now);
  if (!proration && (await periodInvoiced(tx, row.id, start))) return null;
  const rateBp = Number(sub.metadata?.tax_rate_bp ?? 0);
  const description = proration
    ? `${plan.name}: change of plan for the rest of the period`
    : update
      ? `${periodItems(plan, start, end)[0]!.description}, less the unused time of ${previous?.name ?? "the last plan"}`
      : periodItems(plan, start, end)[0]!.description;
  // A change of plan's invoice is what Stripe charged, with the running coupon's line when
  // Stripe discounted it; a period's checks its coupon.
  const couponed = update
    ? await changeWithCoupon(tx, row, invoice, sub.metadata, description, now)
    : await withCardCoupon(tx, row, invoice, sub.metadata, { start, end }, description, now);
  if (couponed === false) return null;
  const issued = await issueSubscriptionInvoice(tx, plan, {
    companyId: row.companyId,
    items:
      couponed?.items ?? netOfGross(invoice.amount_paid, rateBp, invoice.currency, description),
    paymentMethod: "stripe",
    issuedAt: now,
    paidAt: now,
    rateBp,
    currency: invoice.currency,
  });
  const extra = !proration
    ? plan.listings
    : previous
      ? Math.max(0, plan.listings - (previous.plan === plan.plan ? previous.listings : 0))
      : 0;
  if (couponed?.redemptionId) await confirmRedemption(tx, couponed.redemptionId, issued.id);
  await creditPeriod(tx, {
    subscription: row,
    plan,
    invoice: issued,
    start: proration ? row.currentPeriodStart : start,
    end: proration ? row.currentPeriodEnd : end,
    kind: proration ? "proration" : "period",
    listings: extra,
    stripeInvoiceId: invoice.id,
  });
  await tx
    .update(companySubscriptions)
    .set({
      status: "active",
      failedPayments: 0,
      ...(!proration && { currentPeriodStart: start, currentPeriodEnd: end, plan: plan.slug }),
      ...(restart && { billingAnchor: start }),
      nextPlan: null,
      updatedAt: now,
    })
    .where(eq(companySubscriptions.id, row.id));
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: proration ? "subscription.proration" : "subscription.period",
    subjectType: "subscription",
    subjectId: row.id,
    companyId: row.companyId,
    detail: { plan: plan.slug, number: issued.number, stripe_invoice: invoice.id },
  });
  return issued;
}

/** What Stripe's discounts took off `invoice`. */
const discountedOf = (invoice: Stripe.Invoice) =>
  (invoice.total_discount_amounts ?? []).reduce((sum, off) => sum + off.amount, 0);

/**
 * A period's Stripe invoice and the subscription's coupon (issue 63). The first period's gives the
 * subscription the coupon its Checkout redeemed (metadata `coupon_redemption`), until when its
 * duration says from that period's start. A period the coupon covers must carry Stripe's
 * discount of the amount quoted (`coupon_off_minor`), and one it does not cover none: otherwise
 * the payment is logged and nothing is given for it (false). With the discount, our invoice's
 * lines are the period at its price and the discount with the code, each with its tax, adding
 * up to what Stripe charged; null when there is no discount (the caller's lines stand).
 */
async function withCardCoupon(
  tx: Database,
  row: SubscriptionRow,
  invoice: Stripe.Invoice,
  metadata: Record<string, string> | null | undefined,
  period: { start: Date; end: Date },
  description: string,
  now: Date,
): Promise<{ items: Item[] | null; redemptionId: number | null } | null | false> {
  const redemptionId = Number(metadata?.coupon_redemption);
  let subscription: SubscriptionRow | undefined = row;
  let confirm: number | null = null;
  if (row.couponId === null && Number.isSafeInteger(redemptionId) && redemptionId > 0) {
    const [taken] = await tx
      .select({ coupon: coupons })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(
        and(
          eq(couponRedemptions.id, redemptionId),
          eq(couponRedemptions.companyId, row.companyId),
          isNull(couponRedemptions.invoiceId),
        ),
      );
    if (taken) {
      [subscription] = await tx
        .update(companySubscriptions)
        .set({
          ...couponColumns(taken.coupon, period.start, period.end),
          couponStripeOffMinor: Number(metadata?.coupon_off_minor ?? 0),
          updatedAt: now,
        })
        .where(eq(companySubscriptions.id, row.id))
        .returning();
      confirm = redemptionId;
    }
  }
  const charged = discountedOf(invoice);
  const quoted = couponCovers(subscription!, period.start)
    ? (subscription!.couponStripeOffMinor ?? 0)
    : 0;
  if (charged !== quoted) {
    console.error(
      `Stripe invoice ${invoice.id} took ${charged} off; the subscription's coupon takes ${quoted} off this period: nothing given for it`,
    );
    return false;
  }
  if (quoted === 0) return { items: null, redemptionId: confirm };
  const lines = await discountLines(tx, subscription!.couponId!, invoice, metadata, description);
  return lines && { items: lines, redemptionId: confirm };
}

/**
 * Our lines for a Stripe invoice its coupon discounted: what was charged before the discount,
 * and the coupon's discount line (its code, its tax), adding up to what Stripe charged; false
 * (logged) when they do not.
 */
async function discountLines(
  tx: Database,
  couponId: number,
  invoice: Stripe.Invoice,
  metadata: Record<string, string> | null | undefined,
  description: string,
): Promise<Item[] | false> {
  const charged = discountedOf(invoice);
  const rateBp = Number(metadata?.tax_rate_bp ?? 0);
  const coupon = await couponOf(tx, couponId);
  const items = netOfGross(invoice.amount_paid + charged, rateBp, invoice.currency, description);
  const off = netOfGross(charged, rateBp, invoice.currency, "")[0]!.unitMinor;
  const line = discountOf(coupon!, items, invoice.currency).item;
  const lines = [...items, { ...line, unitMinor: -off }];
  if (totalsOf(priceLines(lines, invoice.currency, rateBp)).total !== invoice.amount_paid) {
    console.error(`Stripe invoice ${invoice.id} paid ${invoice.amount_paid}: not as quoted`);
    return false;
  }
  return lines;
}

/**
 * A change of plan's invoice (a proration, or a new interval's first period) that Stripe
 * discounted with the subscription's running coupon: the change before the discount and the
 * coupon's line, as a period's invoice has them. Without a discount, or without a running
 * coupon to name, null: the one line of what Stripe charged stands.
 */
async function changeWithCoupon(
  tx: Database,
  row: SubscriptionRow,
  invoice: Stripe.Invoice,
  metadata: Record<string, string> | null | undefined,
  description: string,
  now: Date,
): Promise<{ items: Item[] | null; redemptionId: null } | null | false> {
  if (discountedOf(invoice) === 0 || !couponCovers(row, now)) return null;
  const lines = await discountLines(tx, row.couponId!, invoice, metadata, description);
  return lines && { items: lines, redemptionId: null };
}

async function paymentFailed(tx: Database, invoice: Stripe.Invoice, now: Date) {
  const sub = subscriptionOfInvoice(invoice);
  const row = sub && (await byStripeId(tx, sub.id));
  if (!row || row.status === "canceled") return [];
  const lastTry = invoice.next_payment_attempt === null;
  await tx
    .update(companySubscriptions)
    .set({
      status: lastTry ? "canceled" : "past_due",
      failedPayments: invoice.attempt_count,
      ...(lastTry && { canceledAt: now }),
      updatedAt: now,
    })
    .where(eq(companySubscriptions.id, row.id));
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: lastTry ? "subscription.end" : "subscription.payment_failed",
    subjectType: "subscription",
    subjectId: row.id,
    companyId: row.companyId,
    detail: { plan: row.plan, attempt: invoice.attempt_count, stripe_invoice: invoice.id },
  });
  const plan = (await subscriptionPlanNamed(tx, row.plan))!;
  const recipients = await adminRecipients(tx, [row.companyId]);
  return recipients.map((recipient): MailMessage => ({
    template: "subscription-payment-failed",
    to: recipient.to,
    props: {
      companyName: recipient.companyName,
      planName: plan.name,
      amountMinor: invoice.amount_due,
      currency: invoice.currency,
      nextAttemptAt:
        invoice.next_payment_attempt === null
          ? null
          : fromSeconds(invoice.next_payment_attempt).toISOString(),
    },
  }));
}

async function subscriptionChanged(tx: Database, subscription: Stripe.Subscription, now: Date) {
  const item = subscription.items.data[0];
  const row = await ensureRow(
    tx,
    {
      stripeSubscriptionId: subscription.id,
      customer: idOf(subscription.customer),
      metadata: subscription.metadata,
      start: fromSeconds(item?.current_period_start ?? Math.floor(now.getTime() / 1000)),
      end: fromSeconds(item?.current_period_end ?? Math.floor(now.getTime() / 1000) + 1),
    },
    now,
  );
  if (!row || row.status === "canceled") return;
  const status = STATUS[subscription.status] ?? row.status;
  await tx
    .update(companySubscriptions)
    .set({
      status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      ...(status === "canceled" && { canceledAt: now }),
      updatedAt: now,
    })
    .where(eq(companySubscriptions.id, row.id));
  if (status !== row.status || subscription.cancel_at_period_end !== row.cancelAtPeriodEnd) {
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: status === "canceled" ? "subscription.end" : "subscription.update",
      subjectType: "subscription",
      subjectId: row.id,
      companyId: row.companyId,
      detail: { status, cancel_at_period_end: subscription.cancel_at_period_end },
    });
  }
}

const SUBSCRIPTION_EVENTS = new Set([
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
]);

/**
 * Acts on a Stripe event about a subscription, in the webhook's transaction (the event's id is
 * recorded there: a replay is not seen here). Null when the event is not about one.
 */
export async function subscriptionEvent(
  tx: Database,
  event: Stripe.Event,
  now: Date,
): Promise<EventOutcome | null> {
  if (event.type === "checkout.session.completed") {
    const session = event.data.object;
    if (session.metadata?.kind !== "subscription") return null;
    const id = idOf(session.subscription);
    if (id) {
      await ensureRow(
        tx,
        {
          stripeSubscriptionId: id,
          customer: idOf(session.customer),
          metadata: session.metadata,
          start: now,
          end: new Date(now.getTime() + 1000),
        },
        now,
      );
    }
    return { mail: [] };
  }
  if (!SUBSCRIPTION_EVENTS.has(event.type)) return null;
  switch (event.type) {
    case "invoice.paid": {
      const issued = await invoicePaid(tx, event.data.object, now);
      return { mail: [], ...(issued && { invoice: issued.number }) };
    }
    case "invoice.payment_failed":
      return { mail: await paymentFailed(tx, event.data.object, now) };
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      await subscriptionChanged(tx, event.data.object, now);
      return { mail: [] };
    default:
      return null;
  }
}
