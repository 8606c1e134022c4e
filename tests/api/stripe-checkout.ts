import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import webhookHandler from "@/pages/api/stripe/webhook";
import { callApi } from "@/tests/api/call";
import { startStripeStandIn, type StandIn } from "@/tests/api/stand-ins";
import { routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";

/*
 * Paying by card in an API test, against the Stripe stand-in: the stand-in started for the file
 * and the app pointed at it before each test; what the app asked Checkout for; Stripe's signed
 * event about a paid session, as Stripe would send it for that request.
 */

const WEBHOOK_SECRET = "whsec_billing_standin";
const stripe = new Stripe("sk_test_standin");

/** Starts the stand-in for this test file; `run` tells this file's events apart. */
export function stripeCheckout(run: string) {
  let standIn: StandIn<"up" | "down">;
  let events = 0;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await standIn.close();
  });
  beforeEach(() => {
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_standin");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET);
    vi.stubEnv("STRIPE_API_URL", standIn.url);
    standIn.set("up");
  });

  return {
    standIn: () => standIn,
    /** The Checkout session the stand-in made last: what the app sent for it. */
    lastCheckout: () =>
      standIn.calls.filter((call) => call.path === "/v1/checkout/sessions").at(-1)!.form,
    /** Stripe's event about a paid Checkout session, as the app asked for it in `form`. */
    paidEvent(
      form: URLSearchParams,
      session: string,
      change: { type?: string; amount?: number; id?: string } = {},
    ) {
      events += 1;
      const metadata = Object.fromEntries(
        [...form.entries()]
          .filter(([name]) => name.startsWith("metadata["))
          .map(([name, value]) => [name.slice(9, -1), value]),
      );
      const charged = [...form.entries()]
        .filter(([name]) => /^line_items\[\d+\]\[price_data\]\[unit_amount\]$/.test(name))
        .reduce((sum, [, value]) => sum + Number(value), 0);
      return JSON.stringify({
        id: change.id ?? `evt_${run}_${events}`,
        object: "event",
        type: change.type ?? "checkout.session.completed",
        data: {
          object: {
            id: session,
            object: "checkout.session",
            payment_status: "paid",
            amount_total: change.amount ?? charged,
            currency: "usd",
            metadata,
            payment_intent: `pi_${session}`,
            customer_details: {
              name: "Kai Lindqvist",
              business_name: "Lindqvist Media AB",
              email: "kai@lindqvist.example",
              address: {
                line1: "Götgatan 1",
                city: "Stockholm",
                postal_code: "11621",
                country: "SE",
              },
              tax_ids: [{ type: "eu_vat", value: "SE556677889901" }],
            },
          },
        },
      });
    },
    /** Delivers `payload` signed by Stripe, at `timestamp` (seconds; now by default). */
    deliver: (payload: string, timestamp?: number) =>
      callApi(webhookHandler, {
        method: "POST",
        raw: payload,
        headers: {
          "content-type": "application/json",
          "stripe-signature": stripe.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
            ...(timestamp !== undefined && { timestamp }),
          }),
        },
      }),
  };
}

/** A signed-in call: GET without a body, POST with one. */
export const callAs = (
  path: string,
  who: Person,
  body?: unknown,
  params: Record<string, number> = {},
) =>
  callApi(routeFor(path), {
    method: body === undefined ? "GET" : "POST",
    headers: bearer(who.token),
    params: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
    ...(body !== undefined && { body }),
  });

/** The session's id at the end of its Checkout address. */
export const sessionOf = (url: string) => url.split("/").at(-1)!;
