import type Stripe from "stripe";
import { readServerEnv, type ServerEnv } from "@/lib/server/env";
import { malformed } from "@/lib/server/errors";

/**
 * Stripe's client when STRIPE_SECRET_KEY is set, else null (paid listings are invoiced). Its SDK
 * is loaded with the first payment, not with the server (issue 48).
 */
export async function stripeClient(env: ServerEnv = readServerEnv()): Promise<Stripe | null> {
  if (!env.STRIPE_SECRET_KEY) return null;
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  const { default: StripeSdk } = await import("stripe");
  return new StripeSdk(env.STRIPE_SECRET_KEY, {
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

/** One line of a Checkout: net, per unit, in US cents. */
export type CheckoutLine = {
  name: string;
  description?: string;
  unitMinor: number;
  quantity: number;
};

export type CheckoutOrder = {
  lines: CheckoutLine[];
  /** The tax on the lines, charged as a line of its own ("VAT 19%"); none when 0. */
  tax: { label: string; minor: number } | null;
  /** ISO 4217, lower case: the board's currency when the order was priced. */
  currency: string;
  /** What the webhook acts on: what was bought, for whom, at which tax rate. */
  metadata: Record<string, string>;
  /** A listing's or company's id, shown in Stripe's dashboard. */
  reference: string;
  email: string | null;
};

/**
 * A Stripe Checkout session for one order; Stripe sends the buyer back to `returnUrl`. The buyer
 * gives a billing address, and a business its VAT ID, for the invoice the board issues on payment
 * (the board's own invoice, so Checkout makes none: features/billing/server).
 */
export async function createCheckout(
  stripe: Stripe,
  order: CheckoutOrder,
  returnUrl: string,
): Promise<{ id: string; url: string }> {
  const line = (name: string, unitMinor: number, quantity: number, description?: string) => ({
    quantity,
    price_data: {
      currency: order.currency,
      unit_amount: unitMinor,
      product_data: { name, ...(description && { description }) },
    },
  });
  // With retries on, the SDK gives the request an idempotency key: a retry makes no second one.
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [
      ...order.lines.map((item) =>
        line(item.name, item.unitMinor, item.quantity, item.description),
      ),
      ...(order.tax && order.tax.minor > 0 ? [line(order.tax.label, order.tax.minor, 1)] : []),
    ],
    client_reference_id: order.reference,
    metadata: order.metadata,
    billing_address_collection: "required",
    tax_id_collection: { enabled: true },
    customer_creation: "always",
    ...(order.email && { customer_email: order.email }),
    success_url: `${returnUrl}${returnUrl.includes("?") ? "&" : "?"}paid={CHECKOUT_SESSION_ID}`,
    cancel_url: returnUrl,
  });
  if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
  return { id: session.id, url: session.url };
}

/**
 * Refunds `amountMinor` of a Checkout payment. The key makes a second call for the same credit
 * note (a retried job, a second click) the same refund, not another one.
 */
export async function createRefund(
  stripe: Stripe,
  refund: { paymentIntent: string; amountMinor: number; creditNote: string; key: string },
) {
  return stripe.refunds.create(
    {
      payment_intent: refund.paymentIntent,
      amount: refund.amountMinor,
      reason: "requested_by_customer",
      metadata: { credit_note: refund.creditNote },
    },
    { idempotencyKey: refund.key },
  );
}

/** Signature checks allow this much clock difference; older signed requests are replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The one time a Stripe-Signature header signs (`t=`, in seconds), or null when it names none or
 * several: Stripe's SDK keeps the last of several, and a header we read otherwise than it does
 * is refused rather than guessed at.
 */
function signedAt(signature: string): number | null {
  const times = signature
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part.startsWith("t="))
    .map((part) => part.slice(2));
  return times.length === 1 && /^\d{1,12}$/.test(times[0]!) ? Number(times[0]) : null;
}

/**
 * The event in a webhook request, once its Stripe-Signature proves Stripe signed this very body
 * within the tolerance of now, before or after; otherwise 400 and nothing is read from it.
 * Stripe's own check refuses only old signatures: one dated ahead would stay valid until its
 * time came, and a replay of it with it (issue 60).
 */
export function verifyWebhook(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | string[] | undefined,
  secret: string,
  now: Date = new Date(),
): Stripe.Event {
  if (typeof signature !== "string" || !signature) {
    throw malformed("A Stripe-Signature header is needed");
  }
  const time = signedAt(signature);
  const skew = time === null ? Infinity : Math.abs(now.getTime() / 1000 - time);
  if (skew > WEBHOOK_TOLERANCE_SECONDS) {
    console.warn("Refused a Stripe webhook: its signature's time is outside the tolerance");
    throw malformed("The webhook signature is not valid");
  }
  try {
    return stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      Math.floor(now.getTime() / 1000),
    );
  } catch (error) {
    console.warn("Refused a Stripe webhook:", (error as Error).message);
    throw malformed("The webhook signature is not valid");
  }
}
