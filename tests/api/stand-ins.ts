import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * Real HTTP servers on this machine in place of Google's reCAPTCHA verifier and Stripe's API:
 * the app talks to them over the network exactly as it would to the real services.
 */

export type StandInCall = {
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
  ) => { status: number; body: unknown },
): Promise<StandIn<T>> {
  let answer = initial;
  const requests: URLSearchParams[] = [];
  const calls: StandInCall[] = [];
  const server: Server = createServer((req, res) => {
    void readForm(req).then((form) => {
      requests.push(form);
      calls.push({ path: req.url ?? "/", headers: req.headers, form });
      const { status, body } = respond(answer, form, req.url ?? "/", req.headers);
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

/**
 * Stripe's API: creates Checkout sessions (echoing their metadata) and refunds, or fails with
 * 500 when set to "down". Like Stripe, a refund asked for again with the same Idempotency-Key is
 * answered with the first one, not made twice.
 */
export const startStripeStandIn = () => {
  let sessions = 0;
  const refunds = new Map<string, Record<string, unknown>>();
  return serve<"up" | "down">("up", (state, form, path, headers) => {
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
    if (path !== "/v1/checkout/sessions") {
      return { status: 404, body: { error: { type: "invalid_request_error", message: path } } };
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
      },
    };
  });
};
