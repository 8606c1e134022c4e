import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or } from "drizzle-orm";
import type { CompanySubscriptionJson, SubscriptionPlanJson } from "@/features/billing/api-schemas";
import { formatDate } from "@/lib/format";
import { employerActor, recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import type { Employer } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import {
  companySubscriptions,
  invoices,
  coupons,
  listingCredits,
  subscriptionInvoices,
  subscriptionPlans,
  type SubscriptionInterval,
} from "@/lib/server/db/schema";
import { conflict, InvalidInput, notFound } from "@/lib/server/errors";
import { readServerEnv } from "@/lib/server/env";
import type { Item } from "@/features/billing/tax";
import { periodDays, prorationMinor } from "@/features/billing/proration";
import {
  confirmRedemption,
  discountOf,
  netOf,
  quoteCoupon,
  redeemCoupon,
  type CouponRow,
} from "./coupons";
import { lockStanding, refuseWhileOverdue } from "./credit-limit";
import { expireUnspent, grantCredits } from "./credits";
import { issueInvoice, summaryOf, type InvoiceRow, type IssueInput } from "./invoices";
import { creditUnusedDays } from "./refunds";
import { mailIssuedDocumentsSoon } from "./invoice-mails";
import { boardCurrency } from "./offer";
import { dueDate, howCompanyPays, refuseTransferWithoutBank } from "./payment-terms";

/*
 * Employer subscriptions (issue 63): a plan of `subscription_plans` gives the company
 * `listings` credits of a listing plan each period, which expire at the period's end (or never,
 * when the plan rolls them over). Every period has our own invoice, in the one gap-free series.
 *
 * On invoice (a company on payment terms): starting issues the first period's invoice and its
 * credits at once; the subscription-periods task invoices each next period when the last one
 * ends, or ends the subscription when it was canceled for the period's end. By card, Stripe
 * Billing charges each period and its events drive the rest (subscription-events.ts).
 *
 * The only writer of `company_subscriptions` and `subscription_invoices`.
 */

export type SubscriptionRow = typeof companySubscriptions.$inferSelect;
export type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;

/** The system, for what the task and Stripe's events change. */
export const SYSTEM_ACTOR: AuditActor = { role: "system", id: null, email: null };

export const subscriptionPlanJson = (row: SubscriptionPlanRow): SubscriptionPlanJson => ({
  id: row.slug,
  name: row.name,
  interval: row.interval,
  price_minor: row.priceMinor,
  listings: row.listings,
  plan: row.plan,
  rollover: row.rollover,
  retired: row.retiredAt !== null,
});

/** Every subscription plan, in the owner's order, retired ones included. */
export async function allSubscriptionPlans(db: Database) {
  return db
    .select()
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.id));
}

/** The subscription plans on sale, for /pricing and the billing page. */
export async function subscriptionPlansOnSale(db: Database): Promise<SubscriptionPlanJson[]> {
  const rows = await allSubscriptionPlans(db);
  return rows.filter((row) => row.retiredAt === null).map(subscriptionPlanJson);
}

async function planRow(db: Database, slug: string) {
  const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.slug, slug));
  return row;
}

async function planForSale(db: Database, slug: string) {
  const row = await planRow(db, slug);
  if (!row || row.retiredAt) {
    throw new InvalidInput({ plan: ["Choose one of the subscription plans on the pricing page"] });
  }
  return row;
}

const MONTHS: Record<SubscriptionInterval, number> = { month: 1, year: 12 };

/**
 * `n` intervals after `anchor`, on the anchor's day of the month, or the month's last day when
 * it has fewer days (Jan 31 → Feb 28 → Mar 31), at the anchor's time of day.
 */
export function intervalsAfter(anchor: Date, interval: SubscriptionInterval, n: number): Date {
  const months = anchor.getUTCMonth() + MONTHS[interval] * n;
  const year = anchor.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The end of the period that starts at `start`: the next boundary after it. */
export function periodEndAfter(anchor: Date, interval: SubscriptionInterval, start: Date): Date {
  let n = 1;
  while (intervalsAfter(anchor, interval, n) <= start) n += 1;
  return intervalsAfter(anchor, interval, n);
}

/** A period's line: `Sponsored monthly, Dec 3, 2026 – Jan 3, 2027`. */
export const periodItems = (plan: SubscriptionPlanRow, start: Date, end: Date): Item[] => [
  {
    description: `${plan.name} subscription, ${formatDate(start.toISOString())} – ${formatDate(end.toISOString())}`,
    quantity: 1,
    unitMinor: plan.priceMinor,
  },
];

/**
 * Records `invoice` as the subscription's for its period (or a change within it) and adds the
 * credits it gives; call it in the transaction that issued the invoice.
 */
export async function creditPeriod(
  tx: Database,
  period: {
    subscription: SubscriptionRow;
    plan: SubscriptionPlanRow;
    invoice: InvoiceRow;
    start: Date;
    end: Date;
    kind?: "period" | "proration";
    /** How many credits: the plan's listings unless said. */
    listings?: number;
    stripeInvoiceId?: string | null;
  },
) {
  await tx.insert(subscriptionInvoices).values({
    subscriptionId: period.subscription.id,
    periodStart: period.start,
    periodEnd: period.end,
    invoiceId: period.invoice.id,
    kind: period.kind ?? "period",
    stripeInvoiceId: period.stripeInvoiceId ?? null,
  });
  const listings = period.listings ?? period.plan.listings;
  if (listings <= 0) return;
  await grantCredits(tx, {
    companyId: period.subscription.companyId,
    invoiceId: period.invoice.id,
    plan: period.plan.plan,
    count: listings,
    at: period.invoice.issuedAt,
    expiresAt: period.plan.rollover ? null : period.end,
  });
}

/** Whether the subscription already has its invoice for the period starting at `start`. */
export async function periodInvoiced(tx: Database, subscriptionId: number, start: Date) {
  const [row] = await tx
    .select({ invoiceId: subscriptionInvoices.invoiceId })
    .from(subscriptionInvoices)
    .where(
      and(
        eq(subscriptionInvoices.subscriptionId, subscriptionId),
        eq(subscriptionInvoices.periodStart, start),
        eq(subscriptionInvoices.kind, "period"),
      ),
    );
  return row !== undefined;
}

/** The payment terms of an invoice due by transfer: the company's, else the board's default. */
async function termsDays(tx: Database, companyId: number) {
  const how = await howCompanyPays(tx, companyId, { ...readServerEnv(), STRIPE_SECRET_KEY: "" });
  return how.method === "transfer" ? how.termsDays : readServerEnv().BILLING_DEFAULT_TERMS_DAYS;
}

/** Issues the invoice of one period on invoice, due by the company's terms, and its credits. */
async function invoicePeriodByTransfer(
  tx: Database,
  subscription: SubscriptionRow,
  plan: SubscriptionPlanRow,
  start: Date,
  end: Date,
  now: Date,
) {
  const items = periodItems(plan, start, end);
  const invoice = await issueSubscriptionInvoice(tx, plan, {
    companyId: subscription.companyId,
    items: [...items, ...(await periodDiscount(tx, subscription, items, start))],
    paymentMethod: "transfer",
    issuedAt: now,
    dueAt: dueDate(now, await termsDays(tx, subscription.companyId)),
  });
  await creditPeriod(tx, { subscription, plan, invoice, start, end });
  return invoice;
}

/** The company's live subscription (not canceled), its row locked in `tx`. */
async function lockLive(tx: Database, companyId: number) {
  const [row] = await tx
    .select()
    .from(companySubscriptions)
    .where(
      and(
        eq(companySubscriptions.companyId, companyId),
        ne(companySubscriptions.status, "canceled"),
      ),
    )
    .for("update");
  return row;
}

/** The company's live subscription, else its latest one. */
async function latestSubscription(db: Database, companyId: number) {
  const [row] = await db
    .select()
    .from(companySubscriptions)
    .where(eq(companySubscriptions.companyId, companyId))
    .orderBy(
      asc(eq(companySubscriptions.status, "canceled")),
      desc(companySubscriptions.createdAt),
      desc(companySubscriptions.id),
    )
    .limit(1);
  return row;
}

/** The credits the current period gave (its invoices'), spent and still usable now. */
async function periodCredits(db: Database, subscription: SubscriptionRow, now: Date) {
  const invoiceIds = db
    .select({ id: subscriptionInvoices.invoiceId })
    .from(subscriptionInvoices)
    .where(
      and(
        eq(subscriptionInvoices.subscriptionId, subscription.id),
        eq(subscriptionInvoices.periodStart, subscription.currentPeriodStart),
      ),
    );
  const [row] = await db
    .select({
      given: count(),
      spent: count(listingCredits.spentAt),
    })
    .from(listingCredits)
    .where(inArray(listingCredits.invoiceId, invoiceIds));
  const [left] = await db
    .select({ n: count() })
    .from(listingCredits)
    .where(
      and(
        inArray(listingCredits.invoiceId, invoiceIds),
        isNull(listingCredits.spentAt),
        isNull(listingCredits.revokedAt),
        or(isNull(listingCredits.expiresAt), gt(listingCredits.expiresAt, now)),
      ),
    );
  return {
    given: Number(row?.given ?? 0),
    spent: Number(row?.spent ?? 0),
    left: Number(left?.n ?? 0),
  };
}

export async function subscriptionJson(
  db: Database,
  row: SubscriptionRow,
  now: Date,
): Promise<CompanySubscriptionJson> {
  const plan = (await planRow(db, row.plan))!;
  return {
    id: row.id,
    plan: subscriptionPlanJson(plan),
    status: row.status,
    pays_by: row.paymentMethod === "stripe" ? "card" : "transfer",
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd.toISOString(),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    canceled_at: row.canceledAt?.toISOString() ?? null,
    coupon: await subscriptionCouponJson(db, row),
    period_credits: await periodCredits(db, row, now),
    next_plan: row.nextPlan,
    past_due: await pastDueJson(db, row),
  };
}

/**
 * How many days after its due date an unpaid invoice of a subscription on invoice ends it (the
 * subscription-periods task): past_due until then, ended after.
 */
export const SUBSCRIPTION_GRACE_DAYS = 14;

/** When a subscription past due on invoice `dueAt` ends unless the invoice is paid. */
export const graceEnd = (dueAt: Date) =>
  new Date(dueAt.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY_MS);

/** The invoice that made a subscription on invoice past due, and when it ends unless paid. */
async function pastDueJson(db: Database, row: SubscriptionRow) {
  if (row.status !== "past_due" || row.pastDueInvoiceId === null) return null;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, row.pastDueInvoiceId));
  if (!invoice?.dueAt) return null;
  return {
    invoice_id: invoice.id,
    invoice_number: invoice.number,
    amount_minor: invoice.totalMinor,
    currency: invoice.currency,
    due_at: invoice.dueAt.toISOString(),
    ends_at: graceEnd(invoice.dueAt).toISOString(),
  };
}

/** GET /api/company/subscription: the company's subscription and the plans on sale. */
export async function readCompanySubscription(
  db: Database,
  companyId: number | null,
  now: Date = new Date(),
) {
  const row = companyId === null ? undefined : await latestSubscription(db, companyId);
  return {
    subscription: row ? await subscriptionJson(db, row, now) : null,
    plans: await subscriptionPlansOnSale(db),
  };
}

const ALREADY = "Your company has a subscription already: change its plan, or cancel it first";

/**
 * Starts a subscription: on invoice (a company on terms, or a board without Stripe), the first
 * period's invoice and credits at once; by card, a Stripe Checkout session in subscription mode
 * (`startByCard`, given by the caller so that the Stripe side stays in subscription-events.ts).
 */
export async function startSubscription(
  db: Database,
  { user, member }: Employer,
  slug: string,
  byCard: (plan: SubscriptionPlanRow, couponCode: string | null) => Promise<string>,
  now: Date = new Date(),
  typedCode?: string,
) {
  const plan = await planForSale(db, slug);
  const couponCode = typedCode?.trim() || null;
  const how = await howCompanyPays(db, member.companyId);
  if (how.method === "stripe") {
    if (await latestLive(db, member.companyId)) throw conflict(ALREADY);
    if (couponCode !== null) await refuseFreeByCard(db, member.companyId, couponCode, plan, now);
    return { checkout_url: await byCard(plan, couponCode), subscription: null, invoice: null };
  }
  refuseTransferWithoutBank();
  const { row, invoice } = await db.transaction(async (tx) => {
    refuseWhileOverdue(await lockStanding(tx, member.companyId, now));
    if (await lockLive(tx, member.companyId)) throw conflict(ALREADY);
    const end = intervalsAfter(now, plan.interval, 1);
    const redemption =
      couponCode === null
        ? null
        : await redeemForSubscription(tx, member.companyId, couponCode, plan, now, end);
    const [created] = await tx
      .insert(companySubscriptions)
      .values({
        companyId: member.companyId,
        plan: plan.slug,
        status: "active",
        paymentMethod: "transfer",
        billingAnchor: now,
        currentPeriodStart: now,
        currentPeriodEnd: end,
        ...(redemption && couponColumns(redemption.coupon, now, end)),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const issued = await invoicePeriodByTransfer(tx, created!, plan, now, end, now);
    if (redemption) await confirmRedemption(tx, redemption.redemptionId, issued.id);
    await recordAudit(tx, employerActor(user), {
      action: "subscription.start",
      subjectType: "subscription",
      subjectId: created!.id,
      companyId: member.companyId,
      detail: {
        plan: plan.slug,
        pays_by: "transfer",
        number: issued.number,
        ...(redemption && { coupon: redemption.coupon.code }),
      },
    });
    return { row: created!, invoice: issued };
  });
  await mailIssuedDocumentsSoon();
  return {
    checkout_url: null,
    subscription: await subscriptionJson(db, row, now),
    invoice: summaryOf(invoice, null, "company", now),
  };
}

/**
 * A coupon that takes the whole price of every period (100% off, `forever`) leaves Stripe
 * nothing to charge, ever: a Checkout for 0 would ask a card for nothing and keep a Stripe
 * subscription that never bills. It is refused on `coupon_code` (422), before any use is held,
 * with where such a coupon is taken: on invoice, which the board gives a company (its payment
 * terms). A coupon that leaves later periods to pay (once, repeating) goes to Checkout, whose
 * card pays those.
 */
async function refuseFreeByCard(
  db: Database,
  companyId: number,
  code: string,
  plan: SubscriptionPlanRow,
  now: Date,
) {
  const items = periodItems(plan, now, intervalsAfter(now, plan.interval, 1));
  const { coupon, discountMinor } = await onCouponCode(() =>
    quoteCoupon(db, companyId, code, items, { kind: "subscription", slug: plan.slug }, now),
  );
  if (coupon.duration === "forever" && discountMinor >= netOf(items)) {
    throw new InvalidInput({
      coupon_code: [
        "This coupon makes every period free: there is nothing to pay by card. Ask the board to put your company on invoice to take it.",
      ],
    });
  }
}

async function latestLive(db: Database, companyId: number) {
  const row = await latestSubscription(db, companyId);
  return row && row.status !== "canceled" ? row : undefined;
}

/** 404 unless the company has a live subscription with this id (another company's: 404 too). */
async function liveSubscriptionOf(tx: Database, companyId: number, subscriptionId?: number) {
  const row = await lockLive(tx, companyId);
  if (!row || (subscriptionId !== undefined && row.id !== subscriptionId)) {
    throw notFound("Your company has no such subscription");
  }
  return row;
}

/**
 * Cancels the subscription at its period's end: no further period is invoiced, and its credits
 * last as they were given. By card, Stripe is told first (`toStripe`), and its
 * `customer.subscription.updated` says the same again.
 */
export async function cancelSubscription(
  db: Database,
  { user, member }: Employer,
  toStripe: (stripeSubscriptionId: string) => Promise<void>,
  now: Date = new Date(),
  subscriptionId?: number,
) {
  const live = await db.transaction((tx) =>
    liveSubscriptionOf(tx, member.companyId, subscriptionId),
  );
  if (live.stripeSubscriptionId) await toStripe(live.stripeSubscriptionId);
  const row = await db.transaction(async (tx) => {
    const current = await liveSubscriptionOf(tx, member.companyId, live.id);
    const [updated] = await tx
      .update(companySubscriptions)
      .set({ cancelAtPeriodEnd: true, nextPlan: null, updatedAt: now })
      .where(eq(companySubscriptions.id, current.id))
      .returning();
    await recordAudit(tx, employerActor(user), {
      action: "subscription.cancel",
      subjectType: "subscription",
      subjectId: current.id,
      companyId: member.companyId,
      detail: { plan: current.plan, ends_at: current.currentPeriodEnd.toISOString() },
    });
    return updated!;
  });
  return { subscription: await subscriptionJson(db, row, now) };
}

/**
 * The subscription-periods task: each subscription on invoice whose period ended is invoiced
 * for its next period (with its credits), or ends when it was canceled for the period's end; a
 * run that comes late catches up period by period. Each subscription in its own transaction,
 * its row locked, and each period invoiced once (subscription_invoices). Answers how many
 * periods were invoiced and how many subscriptions ended.
 */
export async function renewSubscriptionsOnInvoice(db: Database, now: Date) {
  const due = await db
    .select({ id: companySubscriptions.id })
    .from(companySubscriptions)
    .where(
      and(
        eq(companySubscriptions.paymentMethod, "transfer"),
        ne(companySubscriptions.status, "canceled"),
        lte(companySubscriptions.currentPeriodEnd, now),
      ),
    );
  let invoiced = 0;
  let ended = 0;
  for (const { id } of due) {
    const outcome = await db.transaction(async (tx) => {
      let [row] = await tx
        .select()
        .from(companySubscriptions)
        .where(eq(companySubscriptions.id, id))
        .for("update");
      let periods = 0;
      while (row && row.status !== "canceled" && row.currentPeriodEnd <= now) {
        if (row.cancelAtPeriodEnd) {
          [row] = await tx
            .update(companySubscriptions)
            .set({ status: "canceled", canceledAt: row.currentPeriodEnd, updatedAt: now })
            .where(eq(companySubscriptions.id, row.id))
            .returning();
          await recordAudit(tx, SYSTEM_ACTOR, {
            action: "subscription.end",
            subjectType: "subscription",
            subjectId: row!.id,
            companyId: row!.companyId,
            detail: { plan: row!.plan },
          });
          return { periods, ended: 1 };
        }
        // Unpaid past its due date: no next period until paid (subscription-past-due.ts).
        if (row.status === "past_due") break;
        const plan = (await planRow(tx, row.nextPlan ?? row.plan))!;
        const start = row.currentPeriodEnd;
        const end = periodEndAfter(row.billingAnchor, plan.interval, start);
        [row] = await tx
          .update(companySubscriptions)
          .set({
            plan: plan.slug,
            nextPlan: null,
            currentPeriodStart: start,
            currentPeriodEnd: end,
            updatedAt: now,
          })
          .where(eq(companySubscriptions.id, row.id))
          .returning();
        if (await periodInvoiced(tx, row!.id, start)) continue;
        const invoice = await invoicePeriodByTransfer(tx, row!, plan, start, end, now);
        await recordAudit(tx, SYSTEM_ACTOR, {
          action: "subscription.period",
          subjectType: "subscription",
          subjectId: row!.id,
          companyId: row!.companyId,
          detail: { plan: plan.slug, number: invoice.number, period_start: start.toISOString() },
        });
        periods += 1;
      }
      return { periods, ended: 0 };
    });
    invoiced += outcome.periods;
    ended += outcome.ended;
  }
  if (invoiced > 0) await mailIssuedDocumentsSoon();
  return { invoiced, ended };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Moves the subscription to another plan of the same interval. A dearer one applies at once: on
 * invoice, an invoice of the prorated difference for the rest of the period (prorationMinor)
 * and the listings the new plan gives beyond the old one's (of the same listing plan) this
 * period; by card, `byCard` has Stripe prorate and charge, and its `invoice.paid` does the same.
 * A cheaper one applies from the next period, without refund.
 */
export async function changeSubscription(
  db: Database,
  { user, member }: Employer,
  slug: string,
  byCard: (row: SubscriptionRow, plan: SubscriptionPlanRow, upgrade: boolean) => Promise<void>,
  now: Date = new Date(),
) {
  const plan = await planForSale(db, slug);
  const live = await db.transaction((tx) => liveSubscriptionOf(tx, member.companyId));
  const current = (await planRow(db, live.plan))!;
  if (live.status !== "active") throw conflict("Pay the subscription's last invoice first");
  if (plan.slug === current.slug && !live.nextPlan) {
    throw new InvalidInput({ plan: [`Your subscription is on ${plan.name} already`] });
  }
  if (plan.interval !== current.interval) {
    return changeInterval(db, { user, member }, live, current, plan, byCard, now);
  }
  const upgrade = plan.priceMinor > current.priceMinor;
  if (live.paymentMethod === "stripe") await byCard(live, plan, upgrade);
  const outcome = await db.transaction(async (tx) => {
    const row = await liveSubscriptionOf(tx, member.companyId, live.id);
    let invoice: InvoiceRow | null = null;
    if (upgrade && row.paymentMethod === "transfer") {
      refuseWhileOverdue(await lockStanding(tx, member.companyId, now));
      const { days, left } = periodDays(row.currentPeriodStart, row.currentPeriodEnd, now);
      const amount = prorationMinor(plan.priceMinor - current.priceMinor, days, left);
      invoice = await issueSubscriptionInvoice(tx, plan, {
        companyId: row.companyId,
        items: [
          {
            description: `${plan.name} subscription: change from ${current.name} for ${left} of ${days} days`,
            quantity: 1,
            unitMinor: amount,
          },
        ],
        paymentMethod: "transfer",
        issuedAt: now,
        dueAt: dueDate(now, await termsDays(tx, row.companyId)),
      });
      await creditPeriod(tx, {
        subscription: row,
        plan,
        invoice,
        start: row.currentPeriodStart,
        end: row.currentPeriodEnd,
        kind: "proration",
        listings: Math.max(0, plan.listings - (current.plan === plan.plan ? current.listings : 0)),
      });
    }
    const [updated] = await tx
      .update(companySubscriptions)
      .set(
        upgrade
          ? { plan: plan.slug, nextPlan: null, updatedAt: now }
          : { nextPlan: plan.slug === row.plan ? null : plan.slug, updatedAt: now },
      )
      .where(eq(companySubscriptions.id, row.id))
      .returning();
    await recordAudit(tx, employerActor(user), {
      action: "subscription.change",
      subjectType: "subscription",
      subjectId: row.id,
      companyId: row.companyId,
      detail: {
        before: current.slug,
        after: plan.slug,
        from: upgrade ? "now" : row.currentPeriodEnd.toISOString(),
        ...(invoice && { number: invoice.number, amount_minor: invoice.subtotalMinor }),
      },
    });
    return { row: updated!, invoice };
  });
  if (outcome.invoice) await mailIssuedDocumentsSoon();
  return {
    checkout_url: null,
    subscription: await subscriptionJson(db, outcome.row, now),
    invoice: outcome.invoice ? summaryOf(outcome.invoice, null, "company", now) : null,
    credit_notes: [],
    due_now_minor: outcome.invoice ? outcome.invoice.totalMinor : null,
  };
}

/**
 * Issues an invoice of the subscription's (for `issue`), in the transaction `tx`: a period's or a
 * change's, by card or on invoice. Each line names its product, the subscription plan, so the
 * revenue report counts it under that plan.
 */
export const issueSubscriptionInvoice = (
  tx: Database,
  plan: SubscriptionPlanRow,
  issue: Omit<IssueInput, "purpose" | "item">,
) =>
  issueInvoice(tx, {
    ...issue,
    purpose: "subscription",
    item: plan.slug,
    items: issue.items.map((item) => ({
      ...item,
      // A coupon's discount line keeps its own product (the coupon's code).
      product:
        item.product?.kind === "coupon" ? item.product : { kind: "subscription", slug: plan.slug },
    })),
  });

/** The invoices of the subscription's current period (its own and a change's), oldest first. */
async function currentPeriodInvoices(tx: Database, row: SubscriptionRow) {
  const rows = await tx
    .select({ invoice: invoices })
    .from(subscriptionInvoices)
    .innerJoin(invoices, eq(invoices.id, subscriptionInvoices.invoiceId))
    .where(
      and(
        eq(subscriptionInvoices.subscriptionId, row.id),
        eq(subscriptionInvoices.periodStart, row.currentPeriodStart),
      ),
    )
    .orderBy(asc(invoices.id))
    .for("update", { of: invoices });
  return rows.map((entry) => entry.invoice);
}

/**
 * Moves the subscription to a plan of the other interval (monthly ↔ yearly), at once. On
 * invoice: the current period ends now; each of its invoices (paid first: 409 otherwise) gets a
 * credit note for its unused days (its net and tax × days left ÷ the days it paid for, rounded
 * half up, as prorationMinor); the period's unspent credits end with it (rolled-over ones stay);
 * a new period starts now on the new plan, with its invoice and listings, and the billing
 * anchor moves to now. By card, `byCard` has Stripe reset the billing cycle and prorate
 * (`always_invoice`), and its `invoice.paid` brings the new period.
 */
async function changeInterval(
  db: Database,
  { user, member }: Employer,
  live: SubscriptionRow,
  current: SubscriptionPlanRow,
  plan: SubscriptionPlanRow,
  byCard: (row: SubscriptionRow, plan: SubscriptionPlanRow, upgrade: boolean) => Promise<void>,
  now: Date,
) {
  if (live.paymentMethod === "stripe") await byCard(live, plan, true);
  const outcome = await db.transaction(async (tx) => {
    const row = await liveSubscriptionOf(tx, member.companyId, live.id);
    const actor = employerActor(user);
    let issued: { invoice: InvoiceRow | null; credits: InvoiceRow[] } = {
      invoice: null,
      credits: [],
    };
    if (row.paymentMethod === "transfer") {
      refuseWhileOverdue(await lockStanding(tx, member.companyId, now));
      issued = await restartOnInvoice(tx, actor, row, current, plan, now);
    }
    const [updated] = await tx
      .update(companySubscriptions)
      .set({ plan: plan.slug, nextPlan: null, updatedAt: now })
      .where(eq(companySubscriptions.id, row.id))
      .returning();
    const dueNow =
      (issued.invoice?.totalMinor ?? 0) +
      issued.credits.reduce((sum, note) => sum + note.totalMinor, 0);
    await recordAudit(tx, actor, {
      action: "subscription.change",
      subjectType: "subscription",
      subjectId: row.id,
      companyId: row.companyId,
      detail: {
        before: current.slug,
        after: plan.slug,
        from: "now",
        interval: plan.interval,
        ...(issued.invoice && {
          number: issued.invoice.number,
          amount_minor: issued.invoice.subtotalMinor,
          credit_notes: issued.credits.map((note) => note.number),
          due_now_minor: dueNow,
        }),
      },
    });
    return { row: updated!, ...issued, dueNow };
  });
  if (outcome.invoice) await mailIssuedDocumentsSoon();
  return {
    checkout_url: null,
    subscription: await subscriptionJson(db, outcome.row, now),
    invoice: outcome.invoice ? summaryOf(outcome.invoice, null, "company", now) : null,
    credit_notes: outcome.credits.map((note) => summaryOf(note, null, "company", now)),
    due_now_minor: outcome.invoice ? outcome.dueNow : null,
  };
}

/** Ends now the unspent credits of the subscription's current period (not rolled-over ones). */
export async function endPeriodCredits(tx: Database, row: SubscriptionRow, now: Date) {
  const ids = await tx
    .select({ id: subscriptionInvoices.invoiceId })
    .from(subscriptionInvoices)
    .where(
      and(
        eq(subscriptionInvoices.subscriptionId, row.id),
        eq(subscriptionInvoices.periodStart, row.currentPeriodStart),
      ),
    );
  return expireUnspent(
    tx,
    ids.map((entry) => entry.id),
    now,
  );
}

/** On invoice: credits the unused days of the period, ends it now and invoices a new one. */
async function restartOnInvoice(
  tx: Database,
  actor: AuditActor,
  row: SubscriptionRow,
  current: SubscriptionPlanRow,
  plan: SubscriptionPlanRow,
  now: Date,
) {
  const paid = await currentPeriodInvoices(tx, row);
  const owed = paid.find((invoice) => invoice.paidAt === null && invoice.creditedMinor === 0);
  if (owed) {
    throw conflict(
      `Pay invoice ${owed.number} first: a change of interval credits the unused part of this period`,
    );
  }
  const credits: InvoiceRow[] = [];
  for (const invoice of paid) {
    // What the invoice paid for: from its issue (a change within the period) to the period's end.
    const from =
      invoice.issuedAt > row.currentPeriodStart ? invoice.issuedAt : row.currentPeriodStart;
    const whole = periodDays(from, row.currentPeriodEnd, from).left;
    const { left } = periodDays(from, row.currentPeriodEnd, now);
    const note = await creditUnusedDays(
      tx,
      actor,
      invoice,
      { part: left, whole },
      `${current.name} changed to ${plan.name}: the unused part of the period`,
      now,
    );
    if (note) credits.push(note.creditNote);
  }
  await endPeriodCredits(tx, row, now);
  const end = intervalsAfter(now, plan.interval, 1);
  const [restarted] = await tx
    .update(companySubscriptions)
    .set({
      plan: plan.slug,
      nextPlan: null,
      billingAnchor: now,
      currentPeriodStart: now,
      currentPeriodEnd: end,
      updatedAt: now,
    })
    .where(eq(companySubscriptions.id, row.id))
    .returning();
  const invoice = await invoicePeriodByTransfer(tx, restarted!, plan, now, end, now);
  return { invoice, credits };
}

export { planRow as subscriptionPlanNamed, lockLive as lockLiveSubscription };
export { periodDays, prorationMinor };

/*
 * Coupons on subscriptions (issue 63). A code typed when subscribing is checked and redeemed as
 * at any order (`redeemCoupon`, product `{ kind: "subscription", slug }`), once for the
 * subscription, and the row keeps which coupon it took and until when: each period that begins
 * before `coupon_ends_at` (null: every period, `forever`) has the discount line on its invoice.
 * `once` ends with the first period; `repeating` N months after the first period's start, so a
 * monthly subscription has N discounted periods and a yearly one the years begun within the N
 * months (a 3-month coupon discounts its first year whole, as Stripe's repeating coupons do).
 * On invoice the discount is taken at each period's price then (a percent of it, or the amount,
 * never more than the period's price); by card, Stripe applies the coupon made for it
 * (subscription-stripe.ts). Retiring a coupon leaves the subscriptions that took it as they are.
 */

/** The first period ends at `firstEnd`: the end of the periods `coupon` discounts (null: none). */
export function couponEndsAt(
  coupon: Pick<CouponRow, "duration" | "durationInMonths">,
  start: Date,
  firstEnd: Date,
): Date | null {
  if (coupon.duration === "forever") return null;
  if (coupon.duration === "repeating") {
    return intervalsAfter(start, "month", coupon.durationInMonths ?? 1);
  }
  return firstEnd;
}

/** The row's coupon columns for `coupon` taken by a subscription whose first period is given. */
export const couponColumns = (coupon: CouponRow, start: Date, firstEnd: Date) => ({
  couponId: coupon.id,
  couponEndsAt: couponEndsAt(coupon, start, firstEnd),
});

/** Whether the subscription's coupon discounts the period that begins at `start`. */
export const couponCovers = (row: SubscriptionRow, start: Date) =>
  row.couponId !== null && (row.couponEndsAt === null || start < row.couponEndsAt);

/** A subscription's coupon is refused on `coupon_code`, the field it is typed in (422). */
export async function onCouponCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidInput && error.errors.coupon) {
      throw new InvalidInput({ coupon_code: error.errors.coupon });
    }
    throw error;
  }
}

/**
 * Redeems `code` for a subscription to `plan` whose first period runs from `start` to `end`, in
 * the transaction `tx` (422 on `coupon_code`, 409 for the last use taken by another order).
 */
export const redeemForSubscription = (
  tx: Database,
  companyId: number,
  code: string,
  plan: SubscriptionPlanRow,
  start: Date,
  end: Date,
) =>
  onCouponCode(() =>
    redeemCoupon(
      tx,
      companyId,
      code,
      periodItems(plan, start, end),
      { kind: "subscription", slug: plan.slug },
      start,
    ),
  );

/** The coupon of id `id`. */
export const couponOf = async (db: Database, id: number) =>
  (await db.select().from(coupons).where(eq(coupons.id, id)))[0];

/** The discount line of a period on invoice beginning at `start`, while its coupon lasts. */
async function periodDiscount(
  tx: Database,
  row: SubscriptionRow,
  items: Item[],
  start: Date,
): Promise<Item[]> {
  if (!couponCovers(row, start)) return [];
  const coupon = await couponOf(tx, row.couponId!);
  if (!coupon) return [];
  const { discountMinor, item } = discountOf(coupon, items, await boardCurrency(tx));
  return discountMinor > 0 ? [item] : [];
}

async function subscriptionCouponJson(
  db: Database,
  row: SubscriptionRow,
): Promise<CompanySubscriptionJson["coupon"]> {
  const coupon = row.couponId === null ? undefined : await couponOf(db, row.couponId);
  if (!coupon) return null;
  const plan = (await planRow(db, row.plan))!;
  return {
    code: coupon.code,
    description: discountOf(
      coupon,
      [{ description: plan.name, quantity: 1, unitMinor: plan.priceMinor }],
      await boardCurrency(db),
    ).item.description,
    duration: coupon.duration,
    ends_at: row.couponEndsAt?.toISOString() ?? null,
  };
}
