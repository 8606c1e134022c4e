import type { NextApiRequest } from "next";
import { listingPlan } from "@/lib/pricing";
import { routes } from "@/lib/routes";
import { parseJobSubmission, RECAPTCHA_SUBMIT_ACTION } from "@/lib/schemas/job-submission";
import { SITE_URL } from "@/lib/site";
import { listingState, type SubmissionReceipt } from "@/lib/submission-types";
import { callerOf, validBody } from "../candidates/candidate-api";
import type { Database } from "../db/client";
import type { User } from "../db/schema";
import { readServerEnv } from "../env";
import { clientAddress } from "../http/client-address";
import { HttpError } from "../http/errors";
import { rateLimiter } from "../http/rate-limit";
import { createCheckout, stripeClient } from "../payments/stripe";
import { checkHuman } from "./bot-check";
import { attachCheckout, createSubmission, findOwnListing } from "./submissions-service";

/** Submissions one address may send in the window: a person fixing a typo never meets it. */
export const SUBMISSION_RATE_LIMIT = { points: 8, seconds: 15 * 60 };

const limitSubmissions = rateLimiter({
  ...SUBMISSION_RATE_LIMIT,
  message: "Too many job submissions from your network.",
});

export const PAYMENT_START_FAILED =
  "Your listing is saved, but payment could not start. Pay for it from your listings in a few minutes.";

/** Where Stripe sends the employer back to: their listings, with this one picked out. */
const returnUrl = (jobId: number) => `${SITE_URL}${routes.listings}?listing=${jobId}`;

/** Opens a Stripe Checkout for one of `user`'s listings awaiting payment; its URL. */
async function openCheckout(db: Database, user: User, jobId: number): Promise<string> {
  const stripe = stripeClient();
  if (!stripe) throw new HttpError(409, "Online payment is not set up; we will send an invoice");
  const listing = await findOwnListing(db, user.id, jobId);
  if (listing.state !== "awaiting_payment") {
    throw new HttpError(409, "This listing is not waiting for payment");
  }
  const plan = listingPlan(listing.plan)!;
  const checkout = await createCheckout(
    stripe,
    {
      jobId,
      title: listing.title,
      companyName: listing.companyName,
      planName: plan.name,
      price: plan.price,
      days: plan.days,
      email: user.email,
    },
    returnUrl(jobId),
  );
  await attachCheckout(db, jobId, checkout.id);
  return checkout.url;
}

/**
 * POST /api/submissions: per-address rate limit (429), then the signed-in submitter (401), the
 * fields (422), the bot check (403), and then the listing is stored. A paid plan answers with
 * where to pay when Stripe is set up.
 */
export async function submitListing(req: NextApiRequest): Promise<SubmissionReceipt> {
  await limitSubmissions(req);
  const { db, user } = await callerOf(req);
  const submission = validBody(parseJobSubmission(req.body));
  await checkHuman(submission.recaptcha_token, RECAPTCHA_SUBMIT_ACTION, clientAddress(req));

  const payment = readServerEnv().STRIPE_SECRET_KEY ? "checkout" : "invoice";
  const stored = await createSubmission(db, user, submission, payment);
  const receipt: SubmissionReceipt = {
    id: stored.id,
    state: listingState({ status: "pending", paymentStatus: stored.paymentStatus }),
    paymentStatus: stored.paymentStatus,
    checkoutUrl: null,
    paymentError: null,
  };
  if (stored.paymentStatus !== "awaiting_payment") return receipt;
  try {
    return { ...receipt, checkoutUrl: await openCheckout(db, user, stored.id) };
  } catch (error) {
    // The listing stays, awaiting payment; its employer can pay for it from /listings.
    console.error(`Could not open a checkout for listing ${stored.id}`, error);
    return { ...receipt, paymentError: PAYMENT_START_FAILED };
  }
}

/** POST /api/submissions/[id]/checkout: a new checkout for the caller's unpaid listing. */
export async function checkoutAgain(req: NextApiRequest, jobId: number) {
  const { db, user } = await callerOf(req);
  return { checkoutUrl: await openCheckout(db, user, jobId) };
}
