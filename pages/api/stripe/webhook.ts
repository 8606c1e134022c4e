import { getDatabase } from "@/lib/server/db";
import { readServerEnv } from "@/lib/server/env";
import { readRawBody } from "@/lib/server/http/body";
import { HttpError } from "@/lib/server/http/errors";
import { apiHandler } from "@/lib/server/http/handler";
import { stripeClient, verifyWebhook } from "@/lib/server/payments/stripe";
import { handleStripeEvent } from "@/lib/server/payments/webhook-events";

/** Stripe's event bodies are small; anything far larger is not from Stripe. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST from Stripe: the signature over the exact bytes is checked before anything is read,
 * and each event acts once. A paid checkout sends its listing to review.
 */
export default apiHandler(
  {
    POST: async (req) => {
      const env = readServerEnv();
      const stripe = stripeClient(env);
      if (!stripe || !env.STRIPE_WEBHOOK_SECRET) {
        throw new HttpError(404, "Payments are not set up on this server");
      }
      const raw = await readRawBody(req, WEBHOOK_BODY_LIMIT);
      const event = verifyWebhook(
        stripe,
        raw,
        req.headers["stripe-signature"],
        env.STRIPE_WEBHOOK_SECRET,
      );
      return handleStripeEvent(await getDatabase(), event);
    },
  },
  { personal: true, body: "raw" },
);

/** The raw body is needed for the signature: Next.js must not parse it. */
export const config = { api: { bodyParser: false } };
