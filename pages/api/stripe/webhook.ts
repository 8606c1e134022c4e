import { operations } from "@/lib/api/operations";
import { notFound } from "@/lib/server/errors";
import { readServerEnv } from "@/lib/server/env";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { stripeClient, verifyWebhook } from "@/lib/server/payments/stripe";
import { handleStripeEvent } from "@/lib/server/listings/payment-events";
import { forgetJobPages } from "@/lib/server/jobs/forget-job-pages";

/**
 * POST from Stripe: the signature over the exact bytes is checked before anything is read,
 * and each event acts once. A paid checkout sends its listing to review, or renews it.
 */
export default apiRoute(
  handle(
    operations.receiveStripeEvent,
    async ({ db, req, rawBody }) => {
      const env = readServerEnv();
      const stripe = stripeClient(env);
      if (!stripe || !env.STRIPE_WEBHOOK_SECRET) {
        throw notFound("Payments are not set up on this server");
      }
      const signature = req.headers["stripe-signature"];
      const event = verifyWebhook(stripe, rawBody, signature, env.STRIPE_WEBHOOK_SECRET);
      const outcome = await handleStripeEvent(db, event);
      // A paid renewal runs on at once: the pages it is on change (a new listing's do not yet).
      if (outcome.paid_job_id !== undefined) forgetJobPages(outcome.paid_job_id);
      return outcome;
    },
    // Stripe's event bodies are small; anything far larger is not from Stripe.
    { bodyLimit: 512 * 1024 },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
