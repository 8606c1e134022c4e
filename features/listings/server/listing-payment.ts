import type Stripe from "stripe";
import type { PaymentStatus } from "@/features/jobs/constants";
import type { ListingPlan } from "@/features/billing/offer";
import type { Item } from "@/features/billing/tax";
import { moderatorActorByEmail } from "@/lib/server/audit/moderator-actor";
import { invoiceCheckout } from "@/features/billing/server/checkout";
import { lockStanding, refuseWhileOverdue } from "@/features/billing/server/credit-limit";
import { creditBalance, returnCredit, spendCredit } from "@/features/billing/server/credits";
import { issueInvoice, unpaidInvoiceOf } from "@/features/billing/server/invoices";
import {
  dueDate,
  refuseTransferWithoutBank,
  type HowItPays,
} from "@/features/billing/server/payment-terms";
import { refundInvoice } from "@/features/billing/server/refunds";
import type { Database } from "@/lib/server/db/client";
import {
  confirmRedemption,
  netOf,
  normalCode,
  quoteCoupon,
  redeemCoupon,
  refuseCouponWithCredit,
} from "@/features/billing/server/coupons";
import { InvalidInput } from "@/lib/server/errors";
import { recordListingOrder, setPaymentStatus } from "./listing-state";

/*
 * Paying for a listing on a paid plan (issue 45), at posting, renewal or resubmission: with one
 * of the company's credits of its plan, by card (it waits for Stripe's word), or on an invoice
 * due by transfer (issued here, in the listing's transaction).
 */

/** The one line a listing's invoice or Checkout has. */
export const listingItems = (plan: ListingPlan, title: string): Item[] => [
  {
    description: `${plan.name} listing: ${title} (${plan.days} days)`,
    quantity: 1,
    unitMinor: plan.price_minor,
    product: { kind: "plan", slug: plan.id },
  },
];

export type ListingCharge = {
  companyId: number;
  userId: number;
  jobId: number;
  title: string;
  plan: ListingPlan;
  on: "listing" | "renewal";
  useCredit: boolean;
  how: HowItPays;
  now: Date;
  /** A coupon code typed for it (issue 63): none with a credit, nor on a free plan. */
  coupon?: string | null;
};

/** What a coupon is typed for on a listing: its plan. */
export const planCoupon = (code: string, plan: ListingPlan) => ({
  code,
  product: { kind: "plan" as const, slug: plan.id },
});

/**
 * Pays for the listing as `charge` says; its payment status after. The plan's days are copied
 * onto the listing (issue 63), and a coupon typed for a card payment is kept with it, checked
 * now (422) and redeemed when its Checkout opens.
 */
export async function chargeListing(tx: Database, charge: ListingCharge): Promise<PaymentStatus> {
  const { plan, now } = charge;
  const coupon = charge.coupon ? planCoupon(charge.coupon, plan) : null;
  const byCard = !charge.useCredit && charge.how.method === "stripe";
  await recordListingOrder(tx, charge.jobId, {
    planDays: plan.days,
    couponCode: coupon && byCard ? normalCode(coupon.code) : null,
  });
  if (plan.price_minor === 0) {
    if (coupon) throw new InvalidInput({ coupon: ["The free plan takes no coupon code"] });
    return "none";
  }
  if (charge.useCredit) {
    if (coupon) throw refuseCouponWithCredit();
    await spendCredit(tx, { ...charge, plan: plan.id });
    return "paid";
  }
  const items = listingItems(plan, charge.title);
  if (charge.how.method === "stripe") {
    if (coupon) await quoteCoupon(tx, charge.companyId, coupon.code, items, coupon.product, now);
    return "awaiting_payment";
  }
  // Every invoice due by transfer says where to pay: none is issued before that is set.
  refuseTransferWithoutBank();
  // Nothing more on invoice while one is overdue (issue 60).
  refuseWhileOverdue(await lockStanding(tx, charge.companyId, now));
  const redemption = coupon
    ? await redeemCoupon(tx, charge.companyId, coupon.code, items, coupon.product, now)
    : null;
  const lines = redemption ? [...items, redemption.item] : items;
  // A coupon that takes it all leaves nothing to pay: its invoice of 0 is paid.
  const free = redemption !== null && redemption.discountMinor >= netOf(items);
  const invoice = await issueInvoice(tx, {
    companyId: charge.companyId,
    jobId: charge.jobId,
    purpose: charge.on,
    items: lines,
    paymentMethod: "transfer",
    issuedAt: now,
    ...(free ? { paidAt: now } : { dueAt: dueDate(now, charge.how.termsDays) }),
  });
  if (redemption) await confirmRedemption(tx, redemption.redemptionId, invoice.id);
  return free ? "paid" : "invoice_due";
}

/**
 * A listing not approved, posted again after an edit, whose payment was given back: it pays
 * again, with a credit when the company has one, else as it pays.
 */
export async function chargeResubmission(tx: Database, charge: Omit<ListingCharge, "useCredit">) {
  const balance = await creditBalance(tx, charge.companyId, charge.now);
  const useCredit = charge.plan.price_minor > 0 && (balance.by_plan[charge.plan.id] ?? 0) > 0;
  return chargeListing(tx, { ...charge, useCredit });
}

/**
 * A listing whose invoice a refund's credit note cancelled unpaid owes nothing any more: what
 * billing's refundInvoice is given to run in its transaction.
 */
export const invoiceCancelledUnpaid = (tx: Database, jobId: number, now: Date) =>
  setPaymentStatus(tx, jobId, "none", { onlyIf: "invoice_due", now });

/**
 * What a listing's rejection gives back: its credit (once), or its invoice still unpaid,
 * cancelled by a credit note. Either way nothing is paid for it any more: posted again, it pays
 * again. A listing paid by card keeps its payment (a moderator may refund it).
 */
export async function giveBackPayment(tx: Database, jobId: number, moderator: string, now: Date) {
  const credit = await returnCredit(tx, jobId, now);
  const invoice = await unpaidInvoiceOf(tx, jobId);
  if (invoice) {
    const actor = await moderatorActorByEmail(tx, moderator);
    await refundInvoice(tx, actor, invoice.id, "Listing not approved", invoiceCancelledUnpaid, now);
  }
  if (credit || invoice) {
    await setPaymentStatus(tx, jobId, "none");
  }
}

/**
 * The paid invoice of a listing's Checkout session, issued with its payment (markPaidByCheckout):
 * null when Stripe did not charge the listing's price with the quoted tax.
 */
export const invoiceListingCheckout = (
  tx: Database,
  session: Stripe.Checkout.Session,
  listing: { jobId: number; companyId: number; title: string; plan: ListingPlan; renewal: boolean },
  now: Date,
) =>
  invoiceCheckout(
    tx,
    session,
    {
      companyId: listing.companyId,
      jobId: listing.jobId,
      purpose: listing.renewal ? "renewal" : "listing",
      items: listingItems(listing.plan, listing.title),
    },
    now,
  );
