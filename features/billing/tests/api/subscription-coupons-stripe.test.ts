// @vitest-environment node
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createCoupon } from "@/features/billing/server/coupons";
import { priceLines, totalsOf } from "@/features/billing/tax";
import { companySubscriptions, couponRedemptions } from "@/lib/server/db/schema";
import { getQueue } from "@/lib/server/queue/queue";
import { callAs, sessionOf, stripeCheckout } from "@/tests/api/stripe-checkout";
import { person, postListing, type Person } from "@/tests/api/team-suite";
import { setUpTestDatabase } from "@/tests/support/database";
import { stripeInvoiceEvents, subscriptionInvoicesOf } from "./subscription-support";

/*
 * A coupon on a subscription by card (issue 63), against the Stripe stand-in: Checkout in
 * subscription mode is given a Stripe coupon made from ours (same duration and months, the amount
 * it takes off the price with tax), and each `invoice.paid` is our invoice with the discount line
 * while the coupon lasts; an invoice without the quoted discount while it lasts, or with one
 * after, gives nothing.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8).toUpperCase();

let owner: Person;
let companyId: number;

beforeAll(async () => {
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  owner = await person(handle.db, `scs-owner-${run}`, `owner-${run}@sub-coupons-card.example`, "O");
  ({ companyId } = await postListing(handle.db, owner, `Card Coupon Studio ${run}`));
  await getQueue(handle);
}, 120_000);

const { standIn, lastCheckout, deliver } = stripeCheckout(run.toLowerCase());

/** The owner of a company of its own (made by a first listing), for one describe. */
async function anotherCompany(name: string) {
  const who = await person(
    handle.db,
    `scs-${name}-${run}`,
    `${name}-${run}@sub-coupons-card.example`,
    name,
  );
  return { who, companyId: (await postListing(handle.db, who, `${name} ${run}`)).companyId };
}
const invoiceEvent = stripeInvoiceEvents(`${run}_coupon`);

const DAY = 24 * 60 * 60;
const MONTH = 30 * DAY;
const T0 = Math.floor(Date.now() / 1000);

const subscriptionMetadata = (form: URLSearchParams) =>
  Object.fromEntries(
    [...form.entries()]
      .filter(([name]) => name.startsWith("subscription_data[metadata]["))
      .map(([name, value]) => [name.slice("subscription_data[metadata][".length, -1), value]),
  );

describe("a subscription by card with a 3-month coupon", () => {
  const sub = `sub_${run}_coupon`;
  let metadata: Record<string, string>;
  let gross: number;
  let off: number;

  /** Stripe's invoice of the `n`th period (a second invoice of it: `attempt` 2) is paid. */
  const paid = (n: number, discounted: boolean, reason?: string, attempt = 1) =>
    deliver(
      invoiceEvent("invoice.paid", {
        id: attempt === 1 ? `in_${run}_c${n}` : `in_${run}_c${n}_${attempt}`,
        sub,
        metadata,
        amount: discounted ? gross - off : gross,
        start: T0 + (n - 1) * MONTH,
        end: T0 + n * MONTH,
        ...(reason && { reason }),
        ...(discounted && { discount: { amount: off, coupon: "standin_coupon" } }),
      }),
    );

  it("gives Checkout a Stripe coupon of the same duration, for what ours takes off with tax", async () => {
    await createCoupon(handle.db, {
      code: `CARD3${run}`,
      kind: "percent",
      percentBp: 2500,
      duration: "repeating",
      durationInMonths: 3,
    });
    const started = await callAs("/api/company/subscription", owner, {
      plan: "sponsored-monthly",
      coupon_code: `card3${run}`,
    });
    expect(started.status).toBe(200);
    const session = sessionOf((started.body as { checkout_url: string }).checkout_url);
    const form = lastCheckout();
    metadata = subscriptionMetadata(form);
    gross = Number(form.get("line_items[0][price_data][unit_amount]"));
    const made = standIn()
      .calls.filter((call) => call.path === "/v1/coupons")
      .at(-1)!;
    expect(made.form.get("duration")).toBe("repeating");
    expect(made.form.get("duration_in_months")).toBe("3");
    expect(made.form.get("name")).toBe(`CARD3${run}`);
    off = Number(made.form.get("amount_off"));
    // 25% off the price, with its tax: what Stripe charges is our discounted total.
    const rate = Number(metadata.tax_rate_bp);
    const discounted = totalsOf(
      priceLines(
        [
          { description: "p", quantity: 1, unitMinor: 49_900 },
          { description: "d", quantity: 1, unitMinor: -12_475 },
        ],
        "usd",
        rate,
      ),
    ).total;
    expect(gross - off).toBe(discounted);
    expect(form.get("discounts[0][coupon]")).toMatch(/^standin_coupon_/);
    expect(metadata).toMatchObject({ coupon: `CARD3${run}`, coupon_off_minor: String(off) });
    // The use is held by the session until Stripe says it was paid.
    const [use] = await handle.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.companyId, companyId));
    expect(use).toMatchObject({ checkoutSession: session, invoiceId: null });
  });

  it("invoices each period within the 3 months with the discount line, as Stripe charged", async () => {
    expect((await paid(1, true, "subscription_create")).status).toBe(200);
    expect((await paid(2, true)).status).toBe(200);
    expect((await paid(3, true)).status).toBe(200);
    const ours = await subscriptionInvoicesOf(handle.db, companyId);
    expect(ours).toHaveLength(3);
    for (const invoice of ours) {
      expect(invoice.totalMinor).toBe(gross - off);
      expect(invoice.lines[1]).toMatchObject({
        description: `Discount CARD3${run} (25%)`,
        net_minor: -12_475,
        product: { kind: "coupon", slug: `CARD3${run}` },
      });
    }
    const [row] = await handle.db
      .select()
      .from(companySubscriptions)
      .where(eq(companySubscriptions.stripeSubscriptionId, sub));
    expect(row!.couponEndsAt?.getTime()).toBeGreaterThan((T0 + 2 * MONTH) * 1000);
    const [use] = await handle.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.companyId, companyId));
    expect(use!.invoiceId).toBe(ours[0]!.id);
    const read = await callAs("/api/company/subscription", owner);
    expect(read.body).toMatchObject({
      subscription: { coupon: { code: `CARD3${run}`, duration: "repeating" } },
    });
  });

  it("gives nothing for a period paid with a discount after the coupon's months", async () => {
    // The fourth month is past the coupon's three.
    const late = await paid(4, true);
    expect(late.status).toBe(200);
    expect(await subscriptionInvoicesOf(handle.db, companyId)).toHaveLength(3);
    // Paid in full, the same period is invoiced without a discount.
    await paid(4, false, undefined, 2);
    const ours = await subscriptionInvoicesOf(handle.db, companyId);
    expect(ours).toHaveLength(4);
    expect(ours[3]!.lines).toHaveLength(1);
    expect(ours[3]!.totalMinor).toBe(gross);
  });
});

describe("a period the coupon covers, paid without its discount", () => {
  it("gives nothing: the webhook takes what was quoted only", async () => {
    const { who: other, companyId: otherId } = await anotherCompany("other");
    await createCoupon(handle.db, {
      code: `EVERCARD${run}`,
      kind: "amount",
      amountMinor: 5_000,
      duration: "forever",
    });
    const started = await callAs("/api/company/subscription", other, {
      plan: "sponsored-monthly",
      coupon_code: `EVERCARD${run}`,
    });
    expect(started.status).toBe(200);
    const form = lastCheckout();
    const metadata = subscriptionMetadata(form);
    const gross = Number(form.get("line_items[0][price_data][unit_amount]"));
    const made = standIn()
      .calls.filter((call) => call.path === "/v1/coupons")
      .at(-1)!;
    expect(made.form.get("duration")).toBe("forever");
    expect(made.form.get("duration_in_months")).toBeNull();
    const undiscounted = await deliver(
      invoiceEvent("invoice.paid", {
        id: `in_${run}_e1`,
        sub: `sub_${run}_ever`,
        metadata,
        amount: gross,
        start: T0,
        end: T0 + MONTH,
        reason: "subscription_create",
      }),
    );
    expect(undiscounted.status).toBe(200);
    expect(await subscriptionInvoicesOf(handle.db, otherId)).toEqual([]);
  });
});

describe("a coupon that makes every period free, by card", () => {
  it("is refused on coupon_code before Checkout opens or a use is held; a first-month-free one opens Checkout", async () => {
    const { who: free, companyId: freeId } = await anotherCompany("free");
    await createCoupon(handle.db, {
      code: `ALLFREE${run}`,
      kind: "percent",
      percentBp: 10_000,
      duration: "forever",
    });
    await createCoupon(handle.db, {
      code: `FIRSTFREE${run}`,
      kind: "percent",
      percentBp: 10_000,
      duration: "once",
    });
    const checkouts = () =>
      standIn().calls.filter((call) => call.path === "/v1/checkout/sessions").length;
    const before = checkouts();
    const refused = await callAs("/api/company/subscription", free, {
      plan: "sponsored-monthly",
      coupon_code: `allfree${run}`,
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      errors: { coupon_code: [expect.stringMatching(/nothing to pay by card/)] },
    });
    expect(checkouts()).toBe(before);
    expect(
      await handle.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.companyId, freeId)),
    ).toEqual([]);
    expect(
      await handle.db
        .select()
        .from(companySubscriptions)
        .where(eq(companySubscriptions.companyId, freeId)),
    ).toEqual([]);

    // The first month free, the next ones paid: Checkout takes the card for those.
    const once = await callAs("/api/company/subscription", free, {
      plan: "sponsored-monthly",
      coupon_code: `FIRSTFREE${run}`,
    });
    expect(once.status).toBe(200);
    expect(checkouts()).toBe(before + 1);
  });
});

describe("a change of plan by card while the coupon runs", () => {
  it("invoices Stripe's discounted proration with the coupon's discount line", async () => {
    const { who: changer, companyId: changerId } = await anotherCompany("change");
    await createCoupon(handle.db, {
      code: `EVER20${run}`,
      kind: "percent",
      percentBp: 2000,
      duration: "forever",
    });
    const started = await callAs("/api/company/subscription", changer, {
      plan: "sponsored-monthly",
      coupon_code: `EVER20${run}`,
    });
    expect(started.status).toBe(200);
    const form = lastCheckout();
    const metadata = subscriptionMetadata(form);
    const gross = Number(form.get("line_items[0][price_data][unit_amount]"));
    const off = Number(metadata.coupon_off_minor);
    const sub = `sub_${run}_change`;
    const paid = (id: string, reason: string, extra: Record<string, string> = {}) =>
      deliver(
        invoiceEvent("invoice.paid", {
          id,
          sub,
          metadata: { ...metadata, ...extra },
          amount: gross - off,
          start: T0,
          end: T0 + MONTH,
          reason,
          discount: { amount: off, coupon: "standin_coupon" },
        }),
      );
    expect((await paid(`in_${run}_ch1`, "subscription_create")).status).toBe(200);
    // Stripe's proration invoice, discounted by the subscription's coupon.
    expect(
      (
        await paid(`in_${run}_ch2`, "subscription_update", {
          previous_plan: "sponsored-monthly",
        })
      ).status,
    ).toBe(200);
    const ours = await subscriptionInvoicesOf(handle.db, changerId);
    expect(ours).toHaveLength(2);
    const change = ours[1]!;
    expect(change.totalMinor).toBe(gross - off);
    expect(change.lines).toHaveLength(2);
    expect(change.lines[0]).toMatchObject({
      description: expect.stringMatching(/change of plan for the rest of the period/),
    });
    expect(change.lines[1]).toMatchObject({
      description: `Discount EVER20${run} (20%)`,
      product: { kind: "coupon", slug: `EVER20${run}` },
    });
    expect(change.lines[1]!.net_minor).toBeLessThan(0);
  });
});
