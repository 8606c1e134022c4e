// @vitest-environment node
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, describe, expect, it, vi } from "vitest";
import webhookHandler from "@/pages/api/stripe/webhook";
import { companySubscriptions, listingCredits } from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { callAs, stripeCheckout } from "@/tests/api/stripe-checkout";
import { person, postListing, type Person } from "@/tests/api/team-suite";
import { setUpTestDatabase } from "@/tests/support/database";
import {
  stripeInvoiceEvent,
  subscriptionInvoicesOf,
  subscriptionMetadata,
  type StripeInvoiceFacts,
} from "./subscription-support";

/*
 * Hostile subscription events at the webhook (issue 63): a forged signature; a replayed event id;
 * an `invoice.paid` for a subscription we do not know, or naming another company's Stripe
 * customer; a period starting far in the future; an amount other than the price Stripe was given;
 * and `invoice.paid` before the Checkout's `checkout.session.completed`. None credits what was
 * not paid for as sold, and each is answered 2xx unless its signature fails (400).
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);

const DAY = 24 * 60 * 60;
const T0 = Math.floor(Date.now() / 1000);
let events = 0;

let alice: Person;
let bob: Person;
let carol: Person;
const ids = { alice: 0, bob: 0, carol: 0 };

beforeAll(async () => {
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  alice = await person(handle.db, `sh-a-${run}`, `alice-${run}@subs-hostile.example`, "Alice");
  bob = await person(handle.db, `sh-b-${run}`, `bob-${run}@subs-hostile.example`, "Bob");
  carol = await person(handle.db, `sh-c-${run}`, `carol-${run}@subs-hostile.example`, "Carol");
  ({ companyId: ids.alice } = await postListing(handle.db, alice, `Hostile A ${run}`));
  ({ companyId: ids.bob } = await postListing(handle.db, bob, `Hostile B ${run}`));
  ({ companyId: ids.carol } = await postListing(handle.db, carol, `Hostile C ${run}`));
}, 120_000);

const { lastCheckout, deliver } = stripeCheckout(run);

/** An `invoice.paid` about subscription `sub`, for a month from `start` unless said. */
function invoicePaid(
  invoice: Omit<StripeInvoiceFacts, "end"> & { customer: string; end?: number; eventId?: string },
) {
  events += 1;
  return stripeInvoiceEvent(invoice.eventId ?? `evt_${run}_hostile_${events}`, "invoice.paid", {
    ...invoice,
    end: invoice.end ?? invoice.start + 30 * DAY,
  });
}

/** Stripe's `checkout.session.completed` for a subscription's Checkout. */
function sessionCompleted(sub: string, customer: string, metadata: Record<string, string>) {
  events += 1;
  return JSON.stringify({
    id: `evt_${run}_hostile_${events}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: `cs_${sub}`,
        object: "checkout.session",
        mode: "subscription",
        payment_status: "paid",
        status: "complete",
        customer,
        subscription: sub,
        metadata,
      },
    },
  });
}

/** What the app gave Checkout for `who`'s subscription: its metadata and recurring amount. */
async function checkoutOf(who: Person) {
  const started = await callAs("/api/company/subscription", who, { plan: "sponsored-monthly" });
  expect(started.status).toBe(200);
  const form = lastCheckout();
  const metadata = subscriptionMetadata(form);
  return { metadata, amount: Number(form.get("line_items[0][price_data][unit_amount]")) };
}

const rowOf = async (stripeId: string) =>
  (
    await handle.db
      .select()
      .from(companySubscriptions)
      .where(eq(companySubscriptions.stripeSubscriptionId, stripeId))
  )[0];

const invoicesOf = (companyId: number) => subscriptionInvoicesOf(handle.db, companyId);

const creditsOf = async (companyId: number) =>
  handle.db.select().from(listingCredits).where(eq(listingCredits.companyId, companyId));

describe("hostile subscription events at the webhook", () => {
  let metadata: Record<string, string>;
  let amount: number;
  const sub = `sub_${run}_alice`;
  const customer = `cus_${run}_alice`;
  /** An `invoice.paid` of Alice's subscription, at its price unless said. */
  const alicePaid = (
    id: string,
    start: number,
    changes: Partial<StripeInvoiceFacts> & { eventId?: string } = {},
  ) => invoicePaid({ id: `in_${run}_${id}`, sub, customer, metadata, amount, start, ...changes });

  it("refuses a forged signature (400) and changes nothing", async () => {
    ({ metadata, amount } = await checkoutOf(alice));
    const payload = alicePaid("forged", T0);
    const forged = new Stripe("sk_test_other").webhooks.generateTestHeaderString({
      payload,
      secret: "whsec_not_the_boards",
    });
    for (const signature of [forged, "t=1,v1=deadbeef", undefined]) {
      const answer = await callApi(webhookHandler, {
        method: "POST",
        raw: payload,
        headers: {
          "content-type": "application/json",
          ...(signature !== undefined && { "stripe-signature": signature }),
        },
      });
      expect(answer.status).toBe(400);
    }
    expect(await rowOf(sub)).toBeUndefined();
    expect(await invoicesOf(ids.alice)).toEqual([]);
    expect(await creditsOf(ids.alice)).toEqual([]);
  });

  it("takes invoice.paid before checkout.session.completed, and credits the period once", async () => {
    const paid = await deliver(alicePaid("a1", T0, { reason: "subscription_create" }));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ invoice: expect.any(String) });
    const completed = await deliver(sessionCompleted(sub, customer, metadata));
    expect(completed.status).toBe(200);
    const row = await rowOf(sub);
    expect(row).toMatchObject({
      companyId: ids.alice,
      status: "active",
      stripeCustomerId: customer,
    });
    // The session's completion does not move the period the invoice set.
    expect(row!.currentPeriodStart.getTime()).toBe(T0 * 1000);
    expect(row!.currentPeriodEnd.getTime()).toBe((T0 + 30 * DAY) * 1000);
    expect(await invoicesOf(ids.alice)).toHaveLength(1);
    expect(await creditsOf(ids.alice)).toHaveLength(3);
  });

  it("applies a replayed event id once, even with another body", async () => {
    const eventId = `evt_${run}_replayed`;
    const first = alicePaid("a2", T0 + 30 * DAY, { eventId });
    expect((await deliver(first)).status).toBe(200);
    expect((await deliver(first)).body).toMatchObject({ duplicate: true });
    const altered = alicePaid("a3", T0 + 60 * DAY, { eventId });
    expect((await deliver(altered)).body).toMatchObject({ duplicate: true });
    expect(await invoicesOf(ids.alice)).toHaveLength(2);
    expect(await creditsOf(ids.alice)).toHaveLength(6);
  });

  it("ignores invoice.paid for a subscription it does not know (2xx, nothing credited)", async () => {
    const before = await creditsOf(ids.alice);
    const answer = await deliver(
      invoicePaid({
        id: `in_${run}_stranger`,
        sub: `sub_${run}_stranger`,
        customer: `cus_${run}_stranger`,
        metadata: {},
        amount,
        start: T0,
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).not.toHaveProperty("invoice");
    expect(await rowOf(`sub_${run}_stranger`)).toBeUndefined();
    expect(await creditsOf(ids.alice)).toHaveLength(before.length);
  });

  it("ignores invoice.paid naming another company's Stripe customer", async () => {
    // Bob's subscription by card: his customer is known to the board.
    const bobs = await checkoutOf(bob);
    const bobSub = `sub_${run}_bob`;
    const bobCustomer = `cus_${run}_bob`;
    await deliver(
      invoicePaid({
        id: `in_${run}_b1`,
        sub: bobSub,
        customer: bobCustomer,
        metadata: bobs.metadata,
        amount: bobs.amount,
        start: T0,
        reason: "subscription_create",
      }),
    );
    expect(await creditsOf(ids.bob)).toHaveLength(3);

    // A subscription unknown here, its metadata naming Carol's company, Bob's customer paying.
    const carols = await checkoutOf(carol);
    const answer = await deliver(
      invoicePaid({
        id: `in_${run}_c1`,
        sub: `sub_${run}_carol_by_bob`,
        customer: bobCustomer,
        metadata: carols.metadata,
        amount: carols.amount,
        start: T0,
        reason: "subscription_create",
      }),
    );
    expect(answer.status).toBe(200);
    expect(await rowOf(`sub_${run}_carol_by_bob`)).toBeUndefined();
    expect(await invoicesOf(ids.carol)).toEqual([]);
    expect(await creditsOf(ids.carol)).toEqual([]);

    // Alice's subscription, paid by Bob's customer: not Alice's invoice.
    const before = await creditsOf(ids.alice);
    const crossed = await deliver(alicePaid("a_by_bob", T0 + 60 * DAY, { customer: bobCustomer }));
    expect(crossed.status).toBe(200);
    expect(await creditsOf(ids.alice)).toHaveLength(before.length);
    expect(await creditsOf(ids.bob)).toHaveLength(3);
  });

  it("refuses a period starting far in the future: no invoice, no credits", async () => {
    const invoices = (await invoicesOf(ids.alice)).length;
    const credits = (await creditsOf(ids.alice)).length;
    const answer = await deliver(alicePaid("future", T0 + 3650 * DAY));
    expect(answer.status).toBe(200);
    expect(await invoicesOf(ids.alice)).toHaveLength(invoices);
    expect(await creditsOf(ids.alice)).toHaveLength(credits);
    expect((await rowOf(sub))!.currentPeriodStart.getTime()).toBe((T0 + 30 * DAY) * 1000);
  });

  it("refuses a period paid at another amount than the price Stripe was given", async () => {
    const invoices = (await invoicesOf(ids.alice)).length;
    const credits = (await creditsOf(ids.alice)).length;
    for (const [index, paid] of [1, amount - 1, amount + 1].entries()) {
      const answer = await deliver(alicePaid(`amount_${index}`, T0 + 60 * DAY, { amount: paid }));
      expect(answer.status).toBe(200);
    }
    expect(await invoicesOf(ids.alice)).toHaveLength(invoices);
    expect(await creditsOf(ids.alice)).toHaveLength(credits);
    // The right amount for that period is taken.
    await deliver(alicePaid("a4", T0 + 60 * DAY));
    expect(await invoicesOf(ids.alice)).toHaveLength(invoices + 1);
    expect(await creditsOf(ids.alice)).toHaveLength(credits + 3);
  });
});
