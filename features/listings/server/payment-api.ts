import { mailIssuedDocumentsSoon } from "@/features/billing/server/invoice-mails";
import type { Database } from "@/lib/server/db/client";
import { readServerEnv } from "@/lib/server/env";
import { notFound } from "@/lib/server/errors";
import { forgetJobPages } from "@/features/jobs/server/forget-job-pages";
import { stripeClient, verifyWebhook } from "@/features/billing/server/stripe";
import { handleStripeEvent } from "./payment-events";

/** Stripe's event bodies are small; anything far larger is not from Stripe. */
export const STRIPE_EVENT_BODY_LIMIT = 512 * 1024;

/**
 * An event from Stripe's webhook: the signature over the exact bytes is checked before anything
 * is read, and each event acts once (handleStripeEvent). A paid renewal runs on at once: the
 * pages it is on are dropped from the page cache (a new listing's do not change yet).
 */
export async function receiveStripeEvent(
  db: Database,
  rawBody: Buffer,
  signature: string | string[] | undefined,
) {
  const env = readServerEnv();
  const stripe = await stripeClient(env);
  if (!stripe || !env.STRIPE_WEBHOOK_SECRET) {
    throw notFound("Payments are not set up on this server");
  }
  const event = verifyWebhook(stripe, rawBody, signature, env.STRIPE_WEBHOOK_SECRET);
  const outcome = await handleStripeEvent(db, event);
  // A paid session's invoice, or a refund's credit note, is mailed at once.
  await mailIssuedDocumentsSoon();
  if (outcome.paid_job_id !== undefined) forgetJobPages(outcome.paid_job_id);
  return outcome;
}
