import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * Real HTTP servers on this machine in place of Google's reCAPTCHA verifier and Stripe's API:
 * the app talks to them over the network exactly as it would to the real services.
 */

export type StandInCall = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  form: URLSearchParams;
};

export type StandIn<T> = {
  url: string;
  /** What each request sent, form-decoded. */
  requests: URLSearchParams[];
  /** Each request's path, headers and form. */
  calls: StandInCall[];
  set: (answer: T) => void;
  close: () => Promise<void>;
};

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  return new URLSearchParams(text);
}

async function serve<T>(
  initial: T,
  respond: (
    answer: T,
    form: URLSearchParams,
    path: string,
    headers: IncomingMessage["headers"],
    method: string,
  ) => { status: number; body: unknown },
): Promise<StandIn<T>> {
  let answer = initial;
  const requests: URLSearchParams[] = [];
  const calls: StandInCall[] = [];
  const server: Server = createServer((req, res) => {
    void readForm(req).then((form) => {
      requests.push(form);
      const method = req.method ?? "GET";
      calls.push({ method, path: req.url ?? "/", headers: req.headers, form });
      const { status, body } = respond(answer, form, req.url ?? "/", req.headers, method);
      res.writeHead(status, { "content-type": "application/json", "request-id": "req_standin" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    calls,
    set: (next) => void (answer = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RecaptchaVerdict = {
  success: boolean;
  score?: number;
  action?: string;
  "error-codes"?: string[];
};

/** Google's siteverify: answers every token with the verdict set. */
export const startRecaptchaStandIn = (verdict: RecaptchaVerdict) =>
  serve(verdict, (answer) => ({ status: 200, body: answer }));

/** Form fields under `prefix[…]`, as an object: `metadata[plan]` → `{ plan }`. */
const fieldsUnder = (form: URLSearchParams, prefix: string) =>
  Object.fromEntries(
    [...form.entries()]
      .filter(([name]) => name.startsWith(`${prefix}[`))
      .map(([name, value]) => [name.slice(prefix.length + 1, -1), value]),
  );

/**
 * A subscription as Stripe's API answers it (issue 63): one item, whose price and period are
 * where the current API keeps them (`items.data[0].price`, `.current_period_start/end`).
 */
function standInSubscription(id: string): Record<string, unknown> {
  const start = Math.floor(Date.now() / 1000);
  return {
    id,
    object: "subscription",
    customer: `cus_${id}`,
    status: "active",
    cancel_at_period_end: false,
    metadata: {},
    items: {
      object: "list",
      data: [
        {
          id: `si_${id}`,
          object: "subscription_item",
          price: {
            id: `price_${id}`,
            object: "price",
            product: `prod_${id}`,
            unit_amount: 0,
            recurring: { interval: "month", interval_count: 1 },
          },
          current_period_start: start,
          current_period_end: start + 30 * 24 * 60 * 60,
        },
      ],
    },
  };
}

/**
 * Stripe's API: creates Checkout sessions (echoing their metadata and mode) and refunds, reads
 * and updates subscriptions (Stripe Billing: any `sub_…` id is one, updated as asked), opens
 * customer portal sessions, creates coupons (issue 63: `amount_off` or `percent_off`, with a
 * `duration` and `duration_in_months`) that a Checkout session takes in `discounts[0][coupon]`
 * (an unknown one refused with 400 `resource_missing`, as Stripe does; the session answers its
 * `discounts`); or fails with 500 when set to "down". Like Stripe, a refund or a coupon asked for
 * again with the same Idempotency-Key is answered with the first one, not made twice.
 */
export const startStripeStandIn = () => {
  let sessions = 0;
  let portals = 0;
  const refunds = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const coupons = new Map<string, Record<string, unknown>>();
  const couponKeys = new Map<string, string>();
  return serve<"up" | "down">("up", (state, form, path, headers, method) => {
    if (state === "down") {
      return {
        status: 500,
        body: { error: { type: "api_error", message: "The stand-in is down" } },
      };
    }
    if (path === "/v1/refunds") {
      const key = String(headers["idempotency-key"]);
      if (!refunds.has(key)) {
        refunds.set(key, {
          id: `re_standin_${refunds.size + 1}`,
          object: "refund",
          amount: Number(form.get("amount")),
          currency: "usd",
          payment_intent: form.get("payment_intent"),
          metadata: { credit_note: form.get("metadata[credit_note]") },
          status: "succeeded",
        });
      }
      return { status: 200, body: refunds.get(key) };
    }
    if (path === "/v1/coupons") {
      const key = headers["idempotency-key"] ? String(headers["idempotency-key"]) : null;
      const known = key ? couponKeys.get(key) : undefined;
      if (known) return { status: 200, body: coupons.get(known) };
      const duration = form.get("duration") ?? "once";
      const months = form.get("duration_in_months");
      if ((duration === "repeating") !== (months !== null)) {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              param: "duration_in_months",
              message: "duration_in_months is for a repeating coupon, and only for it",
            },
          },
        };
      }
      const id = `standin_coupon_${coupons.size + 1}`;
      const amountOff = form.get("amount_off");
      const percentOff = form.get("percent_off");
      coupons.set(id, {
        id,
        object: "coupon",
        amount_off: amountOff === null ? null : Number(amountOff),
        percent_off: percentOff === null ? null : Number(percentOff),
        currency: form.get("currency"),
        duration,
        duration_in_months: months === null ? null : Number(months),
        max_redemptions: form.get("max_redemptions") ? Number(form.get("max_redemptions")) : null,
        metadata: fieldsUnder(form, "metadata"),
        name: form.get("name"),
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        redeem_by: null,
        times_redeemed: 0,
        valid: true,
      });
      if (key) couponKeys.set(key, id);
      return { status: 200, body: coupons.get(id) };
    }
    const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (subscription) {
      const id = subscription[1]!;
      const current = subscriptions.get(id) ?? standInSubscription(id);
      if (method === "POST") {
        const metadata = fieldsUnder(form, "metadata");
        const cancel = form.get("cancel_at_period_end");
        const amount = form.get("items[0][price_data][unit_amount]");
        const items = current.items as { data: Record<string, unknown>[] };
        const price = items.data[0]!.price as { recurring: { interval: string } };
        const interval = form.get("items[0][price_data][recurring][interval]");
        // As Stripe does: a new interval (or `billing_cycle_anchor[type]=now`) resets the billing
        // cycle, so a new period starts now.
        const reset =
          (interval !== null && interval !== price.recurring.interval) ||
          form.get("billing_cycle_anchor[type]") === "now";
        const now = Math.floor(Date.now() / 1000);
        const next = new Date(now * 1000);
        if ((interval ?? price.recurring.interval) === "year") {
          next.setUTCFullYear(next.getUTCFullYear() + 1);
        } else next.setUTCMonth(next.getUTCMonth() + 1);
        subscriptions.set(id, {
          ...current,
          ...(cancel !== null && { cancel_at_period_end: cancel === "true" }),
          metadata: { ...(current.metadata as object), ...metadata },
          ...(amount !== null && {
            items: {
              ...items,
              data: [
                {
                  ...items.data[0],
                  price: {
                    ...price,
                    unit_amount: Number(amount),
                    recurring: {
                      interval: interval ?? price.recurring.interval,
                      interval_count: 1,
                    },
                  },
                  ...(reset && {
                    current_period_start: now,
                    current_period_end: Math.floor(next.getTime() / 1000),
                  }),
                },
              ],
            },
          }),
        });
      }
      return { status: 200, body: subscriptions.get(id) ?? current };
    }
    if (path === "/v1/billing_portal/sessions") {
      portals += 1;
      return {
        status: 200,
        body: {
          id: `bps_standin_${portals}`,
          object: "billing_portal.session",
          customer: form.get("customer"),
          return_url: form.get("return_url"),
          url: `https://billing.stripe.com/p/session/test_standin_${portals}`,
        },
      };
    }
    if (path !== "/v1/checkout/sessions") {
      return { status: 404, body: { error: { type: "invalid_request_error", message: path } } };
    }
    const discount = form.get("discounts[0][coupon]");
    if (discount !== null && !coupons.has(discount)) {
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            param: "discounts[0][coupon]",
            message: `No such coupon: '${discount}'`,
          },
        },
      };
    }
    sessions += 1;
    const id = `cs_test_standin_${sessions}`;
    const metadata = Object.fromEntries(
      [...form.entries()]
        .filter(([name]) => name.startsWith("metadata["))
        .map(([name, value]) => [name.slice("metadata[".length, -1), value]),
    );
    return {
      status: 200,
      body: {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        mode: form.get("mode"),
        metadata,
        discounts: discount === null ? [] : [{ coupon: discount, promotion_code: null }],
      },
    };
  });
};
