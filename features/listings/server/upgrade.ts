import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { planOf, upgradePrice, type Offer, type PaidPlanId } from "@/features/billing/offer";
import { readOffer } from "@/features/billing/server/offer";
import type { Item } from "@/features/billing/tax";
import { listingState } from "@/features/listings/states";
import { employerActor, recordAudit } from "@/lib/server/audit/audit";
import type { Employer } from "@/lib/server/auth/employer";
import {
  checkoutOrder,
  invoiceCheckout,
  invoiceFreeOrder,
} from "@/features/billing/server/checkout";
import { spendCredit } from "@/features/billing/server/credits";
import {
  checkoutWithCoupon,
  confirmRedemption,
  normalCode,
  redeemCoupon,
  refuseCouponWithCredit,
  type CouponProduct,
} from "@/features/billing/server/coupons";
import {
  lockStanding,
  refuseWhileOverdue,
  withinLimit,
} from "@/features/billing/server/credit-limit";
import { invoiceOfSession, issueInvoice, unpaidInvoice } from "@/features/billing/server/invoices";
import { mailIssuedDocumentsSoon } from "@/features/billing/server/invoice-mails";
import {
  dueDate,
  howCompanyPays,
  refuseTransferWithoutBank,
} from "@/features/billing/server/payment-terms";
import type { Database } from "@/lib/server/db/client";
import { invoices, jobs } from "@/lib/server/db/schema";
import { conflict, InvalidInput, notFound } from "@/lib/server/errors";
import { NO_LISTING } from "@/lib/server/auth/employer";
import { createCheckout, stripeClient } from "@/features/billing/server/stripe";
import { forgetJobPages } from "@/features/jobs/server/forget-job-pages";
import { findOwnListing } from "./listings";
import { setPlan } from "./listing-state";

/*
 * Upgrades (issue 45): a live listing moves to a dearer plan on sale (Standard to Sponsored or
 * Featured, Sponsored to Featured) for the rest of its time (its end does not move), paid with
 * a credit of that plan, on an invoice due for the difference in price, or by card (upgraded
 * when Stripe says it was paid). Prices are the offer's when the upgrade is ordered (issue 63).
 */

/** The upgrade's one line: the difference between the plans' prices; null when it is none. */
function upgradeItems(offer: Offer, from: string, to: PaidPlanId, title: string): Item[] | null {
  const price = upgradePrice(offer, from, to);
  if (price === null) return null;
  return [
    {
      description: `Upgrade to ${planOf(offer, to)!.name}: ${title}, for the rest of its time`,
      quantity: 1,
      unitMinor: price,
      product: { kind: "upgrade", slug: to },
    },
  ];
}

/** The items of an upgrade ordered now; 422 on plan when `to` is no upgrade of `from`. */
function orderedItems(offer: Offer, from: string, to: PaidPlanId, title: string): Item[] {
  const items = upgradeItems(offer, from, to, title);
  if (!items) {
    throw new InvalidInput({ plan: ["Choose a plan on sale that is worth more than this one"] });
  }
  return items;
}

/** Whether a listing on `from` still gains by moving to `to` (retired or not). */
const worthLess = (offer: Offer, from: string, to: string) =>
  (planOf(offer, from)?.price_minor ?? 0) < (planOf(offer, to)?.price_minor ?? 0);

/** The listing, locked, when it can be upgraded now; 409 otherwise. */
async function lockUpgradable(tx: Database, companyId: number, jobId: number, now: Date) {
  const [job] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)))
    .for("update");
  if (!job) throw notFound(NO_LISTING);
  if (listingState(job, now) !== "live") throw conflict("Only a live listing can be upgraded");
  return job;
}

/** The listing moves to `plan`, and keeps its days for its renewals (issue 63). */
const applyUpgrade = (tx: Database, offer: Offer, jobId: number, plan: PaidPlanId, now: Date) =>
  setPlan(tx, jobId, {
    plan,
    sponsored: planOf(offer, plan)?.sponsored ?? true,
    planDays: planOf(offer, plan)?.days,
    now,
  });

/**
 * Upgrades one of the employer's listings, or opens the Checkout that pays for it: the listing
 * as it is now, and where to pay (null when it was upgraded now).
 */
export async function upgradeListing(
  db: Database,
  { user, member }: Employer,
  jobId: number,
  input: { plan: PaidPlanId; use_credit?: boolean; coupon?: string | null },
  returnUrl: string,
  now: Date = new Date(),
) {
  if (input.use_credit && input.coupon) throw refuseCouponWithCredit();
  const coupon = input.coupon
    ? { code: input.coupon, product: { kind: "plan" as const, slug: input.plan } }
    : null;
  const how = await howCompanyPays(db, member.companyId);
  const offer = await readOffer(db);
  const byCard = !input.use_credit && how.method === "stripe";
  const { items, applied } = await db.transaction(async (tx) => {
    const job = await lockUpgradable(tx, member.companyId, jobId, now);
    const items = orderedItems(offer, job.plan, input.plan, job.title);
    if (byCard) return { items, applied: false };
    let applies = true;
    if (input.use_credit) {
      await spendCredit(tx, {
        companyId: member.companyId,
        plan: input.plan,
        jobId,
        on: "upgrade",
        userId: user.id,
        now,
      });
    } else if (how.method === "transfer") {
      refuseTransferWithoutBank();
      applies = await invoiceUpgrade(
        tx,
        member.companyId,
        job,
        input.plan,
        items,
        how.termsDays,
        now,
        coupon,
      );
    }
    if (applies) await applyUpgrade(tx, offer, jobId, input.plan, now);
    await recordAudit(tx, employerActor(user), {
      action: "listing.upgrade",
      subjectType: "listing",
      subjectId: jobId,
      detail: {
        plan: input.plan,
        payment: input.use_credit ? "credit" : "invoice",
        ...(coupon && { coupon: normalCode(coupon.code) }),
        ...(!applies && { once_paid: true }),
      },
    });
    return { items, applied: applies };
  });
  if (!byCard && !input.use_credit) await mailIssuedDocumentsSoon();
  let checkoutUrl: string | null = null;
  if (byCard) {
    const placed = await checkoutWithCoupon(
      db,
      member.companyId,
      coupon,
      items,
      {
        open: async (lines) => {
          const order = await checkoutOrder(db, member.companyId, lines, {
            kind: "upgrade",
            metadata: { job_id: String(jobId), plan: input.plan },
            email: user.email,
          });
          return createCheckout((await stripeClient())!, order, returnUrl);
        },
        // A coupon that makes it free: upgraded at once, with its paid invoice of 0.
        free: async (tx, lines) => {
          await lockUpgradable(tx, member.companyId, jobId, now);
          const invoice = await invoiceFreeOrder(
            tx,
            {
              companyId: member.companyId,
              jobId,
              purpose: "upgrade",
              item: input.plan,
              items: lines,
            },
            now,
          );
          await applyUpgrade(tx, offer, jobId, input.plan, now);
          return invoice;
        },
      },
      now,
    );
    checkoutUrl = placed.session?.url ?? null;
    if (!placed.session) {
      await mailIssuedDocumentsSoon();
      forgetJobPages(jobId);
    }
  } else if (applied) {
    // Sponsored from now: its pages and lists change.
    forgetJobPages(jobId);
  }
  return { listing: await findOwnListing(db, member.companyId, jobId), checkout_url: checkoutUrl };
}

/**
 * The invoice of an upgrade paid by transfer; whether it applies now (issue 60): only within the
 * company's credit limit, and never while an invoice is overdue (409). Beyond the limit it waits
 * for the invoice to be paid (upgradeOnceSettled), and one upgrade waits at a time.
 */
async function invoiceUpgrade(
  tx: Database,
  companyId: number,
  job: { id: number; title: string },
  plan: PaidPlanId,
  items: Item[],
  termsDays: number,
  now: Date,
  coupon: { code: string; product: CouponProduct } | null = null,
): Promise<boolean> {
  const standing = await lockStanding(tx, companyId, now);
  refuseWhileOverdue(standing);
  const [waiting] = await tx
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.jobId, job.id), eq(invoices.purpose, "upgrade"), unpaidInvoice));
  if (waiting) {
    throw conflict(`An upgrade of this listing waits for invoice ${waiting.number} to be paid`);
  }
  const redemption = coupon
    ? await redeemCoupon(tx, companyId, coupon.code, items, coupon.product, now)
    : null;
  const invoice = await issueInvoice(tx, {
    companyId,
    jobId: job.id,
    purpose: "upgrade",
    item: plan,
    items: redemption ? [...items, redemption.item] : items,
    paymentMethod: "transfer",
    issuedAt: now,
    dueAt: dueDate(now, termsDays),
  });
  if (redemption) await confirmRedemption(tx, redemption.redemptionId, invoice.id);
  return withinLimit(standing, invoice.totalMinor);
}

/**
 * An upgrade on an invoice just paid that waited for it: applied if the listing is still live
 * and its plan still worth less; otherwise logged, for a moderator to refund. Answers the listing upgraded, whose
 * pages the caller forgets once the transaction is committed.
 */
export async function upgradeOnceSettled(
  tx: Database,
  invoice: { jobId: number | null; purpose: string; item: string | null; number: string },
  now: Date,
): Promise<number | null> {
  const plan = invoice.item;
  if (invoice.purpose !== "upgrade" || invoice.jobId === null || !plan) return null;
  const offer = await readOffer(tx);
  if (!planOf(offer, plan)) return null;
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, invoice.jobId)).for("update");
  if (!job || job.plan === plan) return null;
  if (listingState(job, now) === "live" && worthLess(offer, job.plan, plan)) {
    await applyUpgrade(tx, offer, job.id, plan, now);
    return job.id;
  }
  console.error(
    `Invoice ${invoice.number} paid an upgrade of listing ${job.id}, which can no longer be upgraded: refund it`,
  );
  return null;
}

/**
 * Acts on a paid upgrade's Checkout session once: its paid invoice and, when the listing can
 * still be upgraded, the upgrade. Money taken for a listing that ended (or was upgraded by a
 * second checkout) meanwhile is still invoiced, and logged for a moderator to refund.
 */
export async function upgradePaid(tx: Database, session: Stripe.Checkout.Session, now: Date) {
  const jobId = Number(session.metadata?.job_id);
  const plan = session.metadata?.plan ?? "";
  const offer = await readOffer(tx);
  if (!Number.isSafeInteger(jobId) || !planOf(offer, plan)) return null;
  const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
  if (!job || (await invoiceOfSession(tx, session.id))) return null;
  const invoice = await invoiceCheckout(
    tx,
    session,
    {
      companyId: job.companyId,
      jobId,
      purpose: "upgrade",
      item: plan,
      // What it was quoted is in the session; this, only for a session without a quote.
      items: upgradeItems(offer, job.plan, plan, job.title) ?? [],
    },
    now,
  );
  if (!invoice) return null;
  if (listingState(job, now) === "live" && worthLess(offer, job.plan, plan)) {
    await applyUpgrade(tx, offer, jobId, plan, now);
    return { invoice, upgraded: jobId };
  }
  console.error(
    `Upgrade ${session.id} paid for listing ${jobId}, which can no longer be upgraded: invoice ${invoice.number} to refund`,
  );
  return { invoice, upgraded: null };
}
