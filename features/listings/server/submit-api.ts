import { storedPlan } from "./listings";
import { routes } from "@/lib/routes";
import {
  RECAPTCHA_SUBMIT_ACTION,
  type JobSubmission,
} from "@/features/listings/submission-schemas";
import { SITE_URL } from "@/lib/site";
import { listingState } from "@/features/listings/states";
import { type SubmissionReceipt } from "@/features/listings/types";
import { employerActor, recordAudit } from "@/lib/server/audit/audit";
import type { Employer, Member } from "@/lib/server/auth/employer";
import type { Database } from "@/lib/server/db/client";
import type { User } from "@/lib/server/db/schema";
import { conflict } from "@/lib/server/errors";
import type { RateLimit } from "@/lib/server/http/rate-limit";
import { createCheckout, stripeClient } from "@/features/billing/server/stripe";
import { checkoutOrder } from "@/features/billing/server/checkout";
import { mailIssuedDocumentsSoon } from "@/features/billing/server/invoice-mails";
import { howCompanyPays } from "@/features/billing/server/payment-terms";
import { listingItems, planCoupon } from "./listing-payment";
import { listingNotices } from "./listing-notices";
import { withMail } from "@/lib/server/queue/queue";
import { checkHuman } from "./bot-check";
import { forgetJobPages } from "@/features/jobs/server/forget-job-pages";
import { renewListing } from "./manage-listings";
import {
  attachCheckout,
  createSubmission,
  findOwnListing,
  listingOrder,
  markPaidByCoupon,
} from "./listings";
import { recordListingOrder } from "./listing-state";
import {
  checkoutWithCoupon,
  normalCode,
  releaseSessionRedemption,
} from "@/features/billing/server/coupons";

/** Submissions one employer may send in the window: a person fixing a typo never meets it. */
export const SUBMISSION_RATE_LIMIT: RateLimit = {
  name: "submissions",
  points: 8,
  seconds: 15 * 60,
  message: "Too many job submissions from your account.",
};

/** Checkouts one employer may open in the window. */
export const CHECKOUT_RATE_LIMIT: RateLimit = {
  name: "checkouts",
  points: 20,
  seconds: 15 * 60,
  message: "Too many payment attempts from your account.",
};

export const PAYMENT_START_FAILED =
  "Your listing is saved, but payment could not start. Pay for it from your listings in a few minutes.";

/** Where Stripe sends the employer back to: their listings, with this one picked out. */
const returnUrl = (jobId: number) => `${SITE_URL}${routes.listings}?listing=${jobId}`;

/**
 * Opens a Stripe Checkout for one of `user`'s listings awaiting payment; its URL, or null when
 * the coupon kept with it (issue 63: re-checked now, 422 when it no longer applies) makes it
 * free: it is paid now, with an invoice of 0. The plan is priced, and its days copied onto the
 * listing, as the offer says now. A session opened before for it gives its coupon's use back.
 */
export async function openCheckout(
  db: Database,
  { user, member }: Employer,
  jobId: number,
  now: Date = new Date(),
): Promise<string | null> {
  // Someone else's listing is not found, whatever the server's set-up.
  const listing = await findOwnListing(db, member.companyId, jobId);
  const stripe = await stripeClient();
  if (!stripe) throw conflict("Online payment is not set up; we will send an invoice");
  if (listing.payment_status !== "awaiting_payment") {
    throw conflict("This listing is not waiting for payment");
  }
  const plan = await storedPlan(db, listing.plan);
  const { couponCode, checkoutSessionId } = await listingOrder(db, jobId);
  await db.transaction(async (tx) => {
    await recordListingOrder(tx, jobId, { planDays: plan.days, couponCode });
    if (checkoutSessionId) await releaseSessionRedemption(tx, checkoutSessionId, now);
  });
  const placed = await checkoutWithCoupon(
    db,
    member.companyId,
    couponCode ? planCoupon(couponCode, plan) : null,
    listingItems(plan, listing.title),
    {
      open: async (items) => {
        const order = await checkoutOrder(db, member.companyId, items, {
          kind: "listing",
          metadata: { job_id: String(jobId) },
          email: user.email,
        });
        return createCheckout(stripe, order, returnUrl(jobId));
      },
      free: (tx, items) => markPaidByCoupon(tx, jobId, items, now),
    },
    now,
  );
  if (!placed.session) {
    await mailIssuedDocumentsSoon();
    forgetJobPages(jobId);
    return null;
  }
  await attachCheckout(db, jobId, placed.session.id);
  return placed.session.url;
}

/** Where Pay sends the employer: Checkout, or back to the listing a coupon paid for in full. */
export const payForListing = async (db: Database, caller: Employer, jobId: number) => ({
  checkout_url: (await openCheckout(db, caller, jobId)) ?? returnUrl(jobId),
});

/**
 * Stores a submitted listing once the bot check passes (403 otherwise). A paid plan answers
 * with where to pay when Stripe is set up.
 */
export async function submitListing(
  db: Database,
  { user, member }: { user: User; member: Member | null },
  submission: JobSubmission,
  address: string,
): Promise<SubmissionReceipt> {
  await checkHuman(submission.recaptcha_token, RECAPTCHA_SUBMIT_ACTION, address);

  const how = await howCompanyPays(db, member?.companyId ?? null);
  // Stored, and its employer told it arrived, together.
  const stored = await withMail(db, async (tx) => {
    const created = await createSubmission(tx, user, member, submission, how);
    await recordAudit(tx, employerActor(user), {
      action: "listing.submit",
      subjectType: "listing",
      subjectId: created.id,
      detail: {
        plan: submission.plan,
        ...(submission.use_credit && { credit: true }),
        ...(submission.coupon && { coupon: normalCode(submission.coupon) }),
      },
    });
    return { result: created, mail: await listingNotices(tx, [created.id], "listing-received") };
  });
  const receipt: SubmissionReceipt = {
    id: stored.id,
    state: listingState({ status: "pending", paymentStatus: stored.paymentStatus }),
    payment_status: stored.paymentStatus,
    checkout_url: null,
    payment_error: null,
  };
  if (stored.paymentStatus === "invoice_due") await mailIssuedDocumentsSoon();
  if (stored.paymentStatus !== "awaiting_payment") return receipt;
  try {
    const caller = { user, member: stored.member };
    const url = await openCheckout(db, caller, stored.id);
    if (url) return { ...receipt, checkout_url: url };
    // Its coupon paid for it all: it is in review.
    return {
      ...receipt,
      payment_status: "paid",
      state: listingState({ status: "pending", paymentStatus: "paid" }),
    };
  } catch (error) {
    // The listing stays, awaiting payment; its employer can pay for it from /listings.
    console.error(`Could not open a checkout for listing ${stored.id}`, error);
    return { ...receipt, payment_error: PAYMENT_START_FAILED };
  }
}

/**
 * Renews one of `user`'s listings (renewListing), and opens the Stripe Checkout a paid plan
 * pays through. A checkout that cannot start leaves the renewal awaiting payment: the employer
 * pays from /listings.
 */
export async function renewOwnListing(
  db: Database,
  caller: Employer,
  jobId: number,
  { useCredit = false, coupon = null }: { useCredit?: boolean; coupon?: string | null } = {},
) {
  const how = await howCompanyPays(db, caller.member.companyId);
  const { renewed, awaitingPayment } = await renewListing(db, caller, jobId, {
    how,
    useCredit,
    coupon,
  });
  if (renewed) forgetJobPages(jobId);
  // A renewal on invoice issued one: it is mailed at once.
  if (renewed && !awaitingPayment && !useCredit && how.method === "transfer") {
    await mailIssuedDocumentsSoon();
  }
  let checkoutUrl: string | null = null;
  if (awaitingPayment) {
    try {
      checkoutUrl = await openCheckout(db, caller, jobId);
    } catch (error) {
      console.error(`Could not open a checkout to renew listing ${jobId}`, error);
    }
  }
  return {
    listing: await findOwnListing(db, caller.member.companyId, jobId),
    checkout_url: checkoutUrl,
  };
}
