// @vitest-environment node
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "@/lib/server/db/client";
import { companySubscriptions } from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import { getQueue } from "@/lib/server/queue/queue";
import { callApi } from "@/tests/api/call";
import { callAs, sessionOf, stripeCheckout } from "@/tests/api/stripe-checkout";
import { person, postListing, routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import {
  addDearerMonthlyPlan,
  creditsOfInvoice,
  stripeInvoiceEvents,
  subscriptionInvoicesOf,
  subscriptionMetadata,
} from "./subscription-support";

/*
 * Employer subscriptions by card, through Stripe Billing (issue 63), against the Stripe
 * stand-in: Checkout in subscription mode; each `invoice.paid` our paid invoice for the period and
 * its credits, once per event and per Stripe invoice; a failed payment past_due with a mail to
 * the owner and admins, the last one ending it (no more credits); cancel at the period's end told
 * to Stripe; a dearer plan prorated by Stripe and invoiced by us; the customer portal.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);

let owner: Person;
let other: Person;
let otherCompanyId: number;
let companyId: number;

beforeAll(async () => {
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  owner = await person(handle.db, `sc-owner-${run}`, `owner-${run}@subs-card.example`, "Owner");
  other = await person(handle.db, `sc-other-${run}`, `other-${run}@subs-card.example`, "Other");
  ({ companyId } = await postListing(handle.db, owner, `Card Period Studio ${run}`));
  ({ companyId: otherCompanyId } = await postListing(handle.db, other, `Other Period ${run}`));
  await addDearerMonthlyPlan(handle.db, run);
  await getQueue(handle);
}, 120_000);

const { standIn, lastCheckout, deliver } = stripeCheckout(run);

const DAY = 24 * 60 * 60;
const T0 = Math.floor(Date.now() / 1000);
let events = 0;

/** A Stripe event about an invoice of subscription `sub`, shaped as Stripe's API sends it. */
const invoiceEvent = stripeInvoiceEvents(`${run}_i`);

function subscriptionEvent(
  type: "customer.subscription.updated" | "customer.subscription.deleted",
  sub: string,
  change: { status: string; cancelAtPeriodEnd: boolean; metadata: Record<string, string> },
) {
  events += 1;
  return JSON.stringify({
    id: `evt_${run}_sub_${events}`,
    object: "event",
    type,
    data: {
      object: {
        id: sub,
        object: "subscription",
        customer: `cus_${sub}`,
        status: change.status,
        cancel_at_period_end: change.cancelAtPeriodEnd,
        metadata: change.metadata,
        items: {
          object: "list",
          data: [
            {
              id: `si_${sub}`,
              object: "subscription_item",
              current_period_start: T0,
              current_period_end: T0 + 30 * DAY,
            },
          ],
        },
      },
    },
  });
}

const rowOf = async (stripeId: string) =>
  (
    await handle.db
      .select()
      .from(companySubscriptions)
      .where(eq(companySubscriptions.stripeSubscriptionId, stripeId))
  )[0];

const invoicesOf = (company: number) => subscriptionInvoicesOf(handle.db, company);

const creditsOf = (invoiceId: number) => creditsOfInvoice(handle.db, invoiceId);

async function mailTo(to: string) {
  return rowsOf<{ data: MailMessage }>(
    await handle.db.execute(
      sql`select data from pgboss.job where name = 'mail' and data->>'to' = ${to} order by created_on`,
    ),
  ).map((row) => row.data);
}

/** Subscribes `who` by card; the Checkout form and the subscription's metadata. */
async function subscribeByCard(who: Person, plan = "sponsored-monthly") {
  const started = await callAs("/api/company/subscription", who, { plan });
  expect(started.status).toBe(200);
  const url = (started.body as { checkout_url: string }).checkout_url;
  expect(sessionOf(url)).toMatch(/^cs_test_standin_/);
  const form = lastCheckout();
  return { form, metadata: subscriptionMetadata(form) };
}

/** Subscribes `who` by card and has Stripe's first `invoice.paid` for it delivered. */
async function paidByCard(who: Person, sub: string, invoiceId: string) {
  const { metadata, form } = await subscribeByCard(who);
  await deliver(
    invoiceEvent("invoice.paid", {
      id: invoiceId,
      sub,
      metadata,
      amount: Number(form.get("line_items[0][price_data][unit_amount]")),
      start: T0,
      end: T0 + 30 * DAY,
      reason: "subscription_create",
    }),
  );
  return metadata;
}

describe("a subscription by card", () => {
  const sub = `sub_${run}_a`;
  let metadata: Record<string, string>;
  let amount: number;

  it("opens Checkout in subscription mode with a recurring price", async () => {
    const checkout = await subscribeByCard(owner);
    metadata = checkout.metadata;
    const { form } = checkout;
    expect(form.get("mode")).toBe("subscription");
    expect(form.get("line_items[0][price_data][recurring][interval]")).toBe("month");
    amount = Number(form.get("line_items[0][price_data][unit_amount]"));
    expect(amount).toBeGreaterThanOrEqual(49_900);
    expect(metadata).toMatchObject({
      kind: "subscription",
      company_id: String(companyId),
      plan: "sponsored-monthly",
    });
    // Nothing is made before Stripe says it was paid.
    expect(await invoicesOf(companyId)).toEqual([]);
  });

  it("invoices and credits a period once per Stripe invoice, however often it is told", async () => {
    const paid = invoiceEvent("invoice.paid", {
      id: `in_${run}_1`,
      sub,
      metadata,
      amount,
      start: T0,
      end: T0 + 30 * DAY,
      reason: "subscription_create",
    });
    const first = await deliver(paid);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ invoice: expect.any(String) });
    // The same event again, and another event about the same Stripe invoice.
    expect((await deliver(paid)).body).toMatchObject({ duplicate: true });
    const again = invoiceEvent("invoice.paid", {
      id: `in_${run}_1`,
      sub,
      metadata,
      amount,
      start: T0,
      end: T0 + 30 * DAY,
      reason: "subscription_create",
    });
    expect((await deliver(again)).status).toBe(200);
    const row = await rowOf(sub);
    expect(row).toMatchObject({ companyId, status: "active", paymentMethod: "stripe" });
    const ours = await invoicesOf(companyId);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ paymentMethod: "stripe", totalMinor: amount });
    // Its line names the subscription plan, for the revenue report.
    expect(ours[0]!.lines[0]!.product).toEqual({ kind: "subscription", slug: "sponsored-monthly" });
    expect(ours[0]!.paidAt).not.toBeNull();
    const credits = await creditsOf(ours[0]!.id);
    expect(credits).toHaveLength(3);
    expect(credits[0]!.expiresAt?.getTime()).toBe((T0 + 30 * DAY) * 1000);

    const read = await callAs("/api/company/subscription", owner);
    expect(read.body).toMatchObject({
      subscription: { status: "active", pays_by: "card", period_credits: { given: 3, left: 3 } },
    });
  });

  it("invoices the second period with its own credits", async () => {
    await deliver(
      invoiceEvent("invoice.paid", {
        id: `in_${run}_2`,
        sub,
        metadata,
        amount,
        start: T0 + 30 * DAY,
        end: T0 + 60 * DAY,
      }),
    );
    const ours = await invoicesOf(companyId);
    expect(ours).toHaveLength(2);
    expect(await creditsOf(ours[1]!.id)).toHaveLength(3);
    expect((await rowOf(sub))!.currentPeriodStart.getTime()).toBe((T0 + 30 * DAY) * 1000);
  });

  it("prorates a dearer plan through Stripe, and invoices the change with its extra listings", async () => {
    const changed = await callApi(routeFor("/api/company/subscription"), {
      method: "PUT",
      headers: bearer(owner.token),
      body: { plan: `featured-monthly-${run}` },
    });
    expect(changed.status).toBe(200);
    const update = standIn()
      .calls.filter((call) => call.method === "POST" && call.path === `/v1/subscriptions/${sub}`)
      .at(-1)!.form;
    expect(update.get("proration_behavior")).toBe("always_invoice");
    expect(update.get("items[0][id]")).toBe(`si_${sub}`);
    expect(update.get("items[0][price_data][product]")).toBe(`prod_${sub}`);
    expect(update.get("metadata[previous_plan]")).toBe("sponsored-monthly");
    // Stripe's proration invoice: what it charged, our invoice says.
    await deliver(
      invoiceEvent("invoice.paid", {
        id: `in_${run}_3`,
        sub,
        metadata: {
          ...metadata,
          plan: `featured-monthly-${run}`,
          previous_plan: "sponsored-monthly",
        },
        amount: 12_345,
        start: T0 + 40 * DAY,
        end: T0 + 60 * DAY,
        reason: "subscription_update",
      }),
    );
    const ours = await invoicesOf(companyId);
    expect(ours).toHaveLength(3);
    expect(ours[2]!.totalMinor).toBe(12_345);
    expect(await creditsOf(ours[2]!.id)).toHaveLength(2);
  });

  it("opens the customer portal for the subscription's customer", async () => {
    const portal = await callApi(routeFor("/api/company/subscription/portal"), {
      method: "POST",
      headers: bearer(owner.token),
    });
    expect(portal.status).toBe(200);
    expect((portal.body as { url: string }).url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const call = standIn()
      .calls.filter((c) => c.path === "/v1/billing_portal/sessions")
      .at(-1)!;
    expect(call.form.get("customer")).toBe(`cus_${sub}`);
  });

  it("is past due after a failed payment, tells the owner, and ends after the last retry", async () => {
    const failed = await deliver(
      invoiceEvent("invoice.payment_failed", {
        id: `in_${run}_4`,
        sub,
        metadata,
        amount,
        start: T0 + 60 * DAY,
        end: T0 + 90 * DAY,
        attempt: 1,
        nextAttempt: T0 + 63 * DAY,
      }),
    );
    expect(failed.status).toBe(200);
    expect(await rowOf(sub)).toMatchObject({ status: "past_due", failedPayments: 1 });
    const mail = await mailTo(owner.email);
    expect(mail.filter((m) => m.template === "subscription-payment-failed")).toHaveLength(1);

    await deliver(
      invoiceEvent("invoice.payment_failed", {
        id: `in_${run}_4`,
        sub,
        metadata,
        amount,
        start: T0 + 60 * DAY,
        end: T0 + 90 * DAY,
        attempt: 4,
        nextAttempt: null,
      }),
    );
    expect(await rowOf(sub)).toMatchObject({ status: "canceled", failedPayments: 4 });
    const told = (await mailTo(owner.email)).filter(
      (m) => m.template === "subscription-payment-failed",
    );
    expect(told).toHaveLength(2);
    expect(told[1]!.props).toMatchObject({ nextAttemptAt: null });
    // Credits stop: Stripe's deletion changes nothing more, and no period was credited.
    await deliver(
      subscriptionEvent("customer.subscription.deleted", sub, {
        status: "canceled",
        cancelAtPeriodEnd: false,
        metadata,
      }),
    );
    expect(await invoicesOf(companyId)).toHaveLength(3);
  });
});

describe("canceling a subscription by card", () => {
  const sub = `sub_${run}_b`;

  it("tells Stripe to cancel at the period's end, and follows Stripe's events", async () => {
    const metadata = await paidByCard(other, sub, `in_${run}_b1`);
    const row = (await rowOf(sub))!;
    // The owner of another company cannot cancel it.
    const theirs = await callApi(routeFor("/api/company/subscription/{subscriptionId}"), {
      method: "DELETE",
      headers: bearer(owner.token),
      params: { subscriptionId: String(row.id) },
    });
    expect(theirs.status).toBe(404);
    const canceled = await callApi(routeFor("/api/company/subscription/{subscriptionId}"), {
      method: "DELETE",
      headers: bearer(other.token),
      params: { subscriptionId: String(row.id) },
    });
    expect(canceled.status).toBe(200);
    const told = standIn()
      .calls.filter((call) => call.method === "POST" && call.path === `/v1/subscriptions/${sub}`)
      .at(-1)!.form;
    expect(told.get("cancel_at_period_end")).toBe("true");
    expect(await rowOf(sub)).toMatchObject({ cancelAtPeriodEnd: true, status: "active" });

    // Stripe's own word: the customer resumed it from the portal, then it ended.
    await deliver(
      subscriptionEvent("customer.subscription.updated", sub, {
        status: "active",
        cancelAtPeriodEnd: false,
        metadata,
      }),
    );
    expect(await rowOf(sub)).toMatchObject({ cancelAtPeriodEnd: false });
    await deliver(
      subscriptionEvent("customer.subscription.deleted", sub, {
        status: "canceled",
        cancelAtPeriodEnd: false,
        metadata,
      }),
    );
    expect(await rowOf(sub)).toMatchObject({ status: "canceled", companyId: otherCompanyId });
  });
});

describe("a change of interval by card", () => {
  const sub = `sub_${run}_c`;

  it("has Stripe reset the billing cycle with proration, and invoices the new period with its listings", async () => {
    const yearlyOwner = await person(
      handle.db,
      `sc-year-${run}`,
      `year-${run}@subs-card.example`,
      "Year",
    );
    const { companyId: yearCompanyId } = await postListing(handle.db, yearlyOwner, `Year ${run}`);
    const metadata = await paidByCard(yearlyOwner, sub, `in_${run}_c1`);
    const [month] = await invoicesOf(yearCompanyId);
    const changed = await callApi(routeFor("/api/company/subscription"), {
      method: "PUT",
      headers: bearer(yearlyOwner.token),
      body: { plan: "sponsored-yearly" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      invoice: null,
      subscription: { plan: { id: "sponsored-yearly" } },
    });
    const update = standIn()
      .calls.filter((call) => call.method === "POST" && call.path === `/v1/subscriptions/${sub}`)
      .at(-1)!.form;
    expect(update.get("proration_behavior")).toBe("always_invoice");
    expect(update.get("billing_cycle_anchor[type]")).toBe("now");
    expect(update.get("items[0][price_data][recurring][interval]")).toBe("year");
    expect(update.get("metadata[previous_plan]")).toBe("sponsored-monthly");
    // The stand-in, as Stripe, started a new yearly period now.
    const stripe = (await (
      await fetch(`${standIn().url}/v1/subscriptions/${sub}`, { method: "GET" })
    ).json()) as {
      items: {
        data: {
          current_period_start: number;
          current_period_end: number;
          price: { recurring: { interval: string } };
        }[];
      };
    };
    const item = stripe.items.data[0]!;
    expect(item.price.recurring.interval).toBe("year");
    expect(item.current_period_end - item.current_period_start).toBeGreaterThanOrEqual(365 * DAY);
    // Stripe's invoice for it: the year less the unused month, paid; a new period for us.
    const start = T0 + 10 * DAY;
    await deliver(
      invoiceEvent("invoice.paid", {
        id: `in_${run}_c2`,
        sub,
        metadata: { ...metadata, plan: "sponsored-yearly", previous_plan: "sponsored-monthly" },
        amount: 456_789,
        start,
        end: start + 365 * DAY,
        reason: "subscription_update",
      }),
    );
    const ours = await invoicesOf(yearCompanyId);
    expect(ours).toHaveLength(2);
    expect(ours[1]!.totalMinor).toBe(456_789);
    expect(ours[1]!.lines[0]!.product).toEqual({ kind: "subscription", slug: "sponsored-yearly" });
    expect(await creditsOf(ours[1]!.id)).toHaveLength(40);
    expect(await rowOf(sub)).toMatchObject({
      plan: "sponsored-yearly",
      status: "active",
      currentPeriodStart: new Date(start * 1000),
      currentPeriodEnd: new Date((start + 365 * DAY) * 1000),
    });
    // The month's unspent listings ended with it.
    const monthCredits = await creditsOf(month!.id);
    expect(monthCredits.every((credit) => credit.expiresAt! <= new Date())).toBe(true);
  });
});
