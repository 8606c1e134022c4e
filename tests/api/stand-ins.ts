import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * Real HTTP servers on this machine in place of Google's reCAPTCHA verifier and Stripe's API:
 * the app talks to them over the network exactly as it would to the real services.
 */

export type StandIn<T> = {
  url: string;
  /** What each request sent, form-decoded. */
  requests: URLSearchParams[];
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
  respond: (answer: T, form: URLSearchParams, path: string) => { status: number; body: unknown },
): Promise<StandIn<T>> {
  let answer = initial;
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    void readForm(req).then((form) => {
      requests.push(form);
      const { status, body } = respond(answer, form, req.url ?? "/");
      res.writeHead(status, { "content-type": "application/json", "request-id": "req_standin" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
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

/** Stripe's API: creates Checkout sessions, or fails with 500 when set to "down". */
export const startStripeStandIn = () => {
  let sessions = 0;
  return serve<"up" | "down">("up", (state, form, path) => {
    if (state === "down" || path !== "/v1/checkout/sessions") {
      return {
        status: 500,
        body: { error: { type: "api_error", message: "The stand-in is down" } },
      };
    }
    sessions += 1;
    const id = `cs_test_standin_${sessions}`;
    return {
      status: 200,
      body: {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        mode: form.get("mode"),
        metadata: { job_id: form.get("metadata[job_id]") },
      },
    };
  });
};
