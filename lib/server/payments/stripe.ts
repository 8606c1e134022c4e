import Stripe from "stripe";
import { readServerEnv, type ServerEnv } from "../env";
import { malformed } from "../errors";

/** Stripe's client when STRIPE_SECRET_KEY is set, else null (paid listings are invoiced). */
export function stripeClient(env: ServerEnv = readServerEnv()): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === "https:" ? 443 : 80),
      protocol: api.protocol === "http:" ? "http" : "https",
    }),
  });
}

export type CheckoutItem = {
  jobId: number;
  title: string;
  companyName: string;
  planName: string;
  /** Whole US dollars. */
  price: number;
  days: number;
  email: string | null;
};

/** A Stripe Checkout session for one listing; Stripe sends the buyer back to `returnUrl`. */
export async function createCheckout(
  stripe: Stripe,
  item: CheckoutItem,
  returnUrl: string,
): Promise<{ id: string; url: string }> {
  // With retries on, the SDK gives the request an idempotency key: a retry makes no second one.
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: item.price * 100,
          product_data: {
            name: `${item.planName} listing: ${item.title}`,
            description: `${item.companyName}, listed for ${item.days} days`,
          },
        },
      },
    ],
    client_reference_id: String(item.jobId),
    metadata: { job_id: String(item.jobId) },
    ...(item.email && { customer_email: item.email }),
    success_url: `${returnUrl}${returnUrl.includes("?") ? "&" : "?"}paid={CHECKOUT_SESSION_ID}`,
    cancel_url: returnUrl,
  });
  if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
  return { id: session.id, url: session.url };
}

/** Signature checks allow this much clock difference; older signed requests are replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The event in a webhook request, once its Stripe-Signature proves Stripe signed this very body
 * within the tolerance; otherwise 400 and nothing is read from it.
 */
export function verifyWebhook(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | string[] | undefined,
  secret: string,
): Stripe.Event {
  if (typeof signature !== "string" || !signature) {
    throw malformed("A Stripe-Signature header is needed");
  }
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    console.warn("Refused a Stripe webhook:", (error as Error).message);
    throw malformed("The webhook signature is not valid");
  }
}
