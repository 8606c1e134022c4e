// @vitest-environment node
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CompanySubscriptionJson } from "@/features/billing/api-schemas";
import { intervalsAfter } from "@/features/billing/server/subscriptions";
import { companySubscriptions, couponRedemptions } from "@/lib/server/db/schema";
import { getQueue } from "@/lib/server/queue/queue";
import { callApi } from "@/tests/api/call";
import { join, person, postListing, routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { couponMaker, raceForLastUse } from "./coupon-support";
import {
  latestSubscriptionOf,
  payInvoicesOf,
  runSubscriptionPeriods,
  subscriptionInvoicesOf,
} from "./subscription-support";

/*
 * Coupons on employer subscriptions on invoice (issue 63): a code typed when subscribing is
 * checked as at any order (422 on coupon_code, the last use raced: one 200, one 409) and redeemed
 * once; each period's invoice has the discount line with the code, taxed after it, for as long
 * as the coupon's duration says (once: the first period; forever: every one; repeating: those
 * begun within its months, a yearly period counted whole). The console's applies-to names
 * subscription plans, each checked. By card: subscription-coupons-stripe.test.ts.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8).toUpperCase();
const MODERATOR = `moderator-${run.toLowerCase()}@sub-coupons.example`;
let moderator: Person;
let made = 0;

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  moderator = await person(handle.db, `sco-mod-${run}`, MODERATOR, "Mo");
  await getQueue(handle);
}, 120_000);

afterAll(() => vi.unstubAllEnvs());

async function newCompany() {
  made += 1;
  const who = await person(
    handle.db,
    `sco-${run}-${made}`,
    `owner-${run.toLowerCase()}-${made}@sub-coupons.example`,
    "Owner",
  );
  const { companyId } = await postListing(handle.db, who, `Coupon Period ${run} ${made}`);
  return { who, companyId };
}

const coupon = couponMaker(handle, run);

const subscribe = (who: Person, plan: string, code?: string) =>
  callApi(routeFor("/api/company/subscription"), {
    method: "POST",
    headers: bearer(who.token),
    body: { plan, ...(code !== undefined && { coupon_code: code }) },
  });

const periods = (now: Date) => runSubscriptionPeriods(handle, now);

const rowOf = (companyId: number) => latestSubscriptionOf(handle.db, companyId);

/**
 * Runs the task to the start of the `n`th period after the first (each period invoiced once),
 * each invoice paid by the start of the next period (an unpaid one would end the subscription).
 */
async function renewThrough(companyId: number, n: number) {
  const row = await rowOf(companyId);
  for (let k = 1; k <= n; k += 1) {
    const start = intervalsAfter(row.billingAnchor, "month", k);
    await payInvoicesOf(handle.db, companyId, start);
    await periods(new Date(start.getTime() + 1000));
  }
}

/** Each subscription invoice's discount (its coupon line's net, 0 without one). */
async function discounts(companyId: number) {
  const rows = await subscriptionInvoicesOf(handle.db, companyId);
  return rows.map((invoice) =>
    invoice.lines
      .filter((line) => line.product?.kind === "coupon")
      .reduce((sum, line) => sum + line.net_minor, 0),
  );
}

describe("a subscription on invoice with a coupon", () => {
  it("discounts every period for a forever coupon, the line named with the code, taxed after it", async () => {
    const { who, companyId } = await newCompany();
    await coupon({ code: "EVER", percentBp: 2000, duration: "forever" });
    const started = await subscribe(who, "sponsored-monthly", `ever${run}`);
    expect(started.status).toBe(200);
    const body = started.body as { subscription: CompanySubscriptionJson };
    expect(body.subscription.coupon).toEqual({
      code: `EVER${run}`,
      description: `Discount EVER${run} (20%)`,
      duration: "forever",
      ends_at: null,
    });
    await renewThrough(companyId, 3);
    // 20% of $499 each period.
    expect(await discounts(companyId)).toEqual([-9_980, -9_980, -9_980, -9_980]);
    const [first] = await subscriptionInvoicesOf(handle.db, companyId);
    expect(first!.lines).toHaveLength(2);
    expect(first!.lines[1]).toMatchObject({
      description: `Discount EVER${run} (20%)`,
      net_minor: -9_980,
      product: { kind: "coupon", slug: `EVER${run}` },
    });
    expect(first!.lines[0]!.product).toEqual({ kind: "subscription", slug: "sponsored-monthly" });
    // Tax is per line, after the discount: the invoice's net is the period's less the discount.
    expect(first!.subtotalMinor).toBe(49_900 - 9_980);
    expect(first!.taxMinor).toBe(first!.lines.reduce((sum, line) => sum + line.tax_minor, 0));
    // Redeemed once, for the subscription's first invoice.
    const uses = await handle.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.companyId, companyId));
    expect(uses).toHaveLength(1);
    expect(uses[0]!.invoiceId).toBe(first!.id);
  });

  it("discounts the first period only for a once coupon", async () => {
    const { who, companyId } = await newCompany();
    await coupon({ code: "ONE", kind: "amount", percentBp: null, amountMinor: 10_000 });
    expect((await subscribe(who, "sponsored-monthly", `ONE${run}`)).status).toBe(200);
    const row = await rowOf(companyId);
    expect(row.couponEndsAt?.getTime()).toBe(row.currentPeriodEnd.getTime());
    await renewThrough(companyId, 2);
    expect(await discounts(companyId)).toEqual([-10_000, 0, 0]);
  });

  it("discounts the first 3 months' periods for a 3-month coupon", async () => {
    const { who, companyId } = await newCompany();
    await coupon({ code: "THREE", duration: "repeating", durationInMonths: 3 });
    expect((await subscribe(who, "sponsored-monthly", `THREE${run}`)).status).toBe(200);
    await renewThrough(companyId, 4);
    expect(await discounts(companyId)).toEqual([-9_980, -9_980, -9_980, 0, 0]);
    const read = await callApi(routeFor("/api/company/subscription"), {
      headers: bearer(who.token),
    });
    const row = await rowOf(companyId);
    expect((read.body as { subscription: CompanySubscriptionJson }).subscription.coupon).toEqual({
      code: `THREE${run}`,
      description: `Discount THREE${run} (20%)`,
      duration: "repeating",
      ends_at: intervalsAfter(row.billingAnchor, "month", 3).toISOString(),
    });
  });

  it("counts a yearly period begun within a repeating coupon's months whole", async () => {
    const { who, companyId } = await newCompany();
    await coupon({ code: "YEAR", duration: "repeating", durationInMonths: 3 });
    expect((await subscribe(who, "sponsored-yearly", `YEAR${run}`)).status).toBe(200);
    const row = await rowOf(companyId);
    const next = intervalsAfter(row.billingAnchor, "year", 1);
    await payInvoicesOf(handle.db, companyId, next);
    await periods(new Date(next.getTime() + 1000));
    const [first, second] = await discounts(companyId);
    expect(first).toBeLessThan(0);
    expect(second).toBe(0);
  });

  it("refuses a code that does not apply to the subscription plan, on coupon_code", async () => {
    const { who, companyId } = await newCompany();
    await coupon({ code: "PACKONLY", appliesTo: ["sponsored-3"] });
    const refused = await subscribe(who, "sponsored-monthly", `PACKONLY${run}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      errors: { coupon_code: ["This coupon code does not apply to this product"] },
    });
    expect(await subscriptionInvoicesOf(handle.db, companyId)).toEqual([]);
    // Named for it, it applies.
    await coupon({ code: "MONTHLY", appliesTo: ["sponsored-monthly"] });
    expect((await subscribe(who, "sponsored-monthly", `MONTHLY${run}`)).status).toBe(200);
  });

  it("gives a code's last use to one of two subscriptions at once; the other gets 409", async () => {
    const a = await newCompany();
    const b = await newCompany();
    const row = await coupon({ code: "LAST", maxRedemptions: 1 });
    const loser = await raceForLastUse(handle.db, row.id, [
      () => subscribe(a.who, "sponsored-monthly", `LAST${run}`),
      () => subscribe(b.who, "sponsored-monthly", `LAST${run}`),
    ]);
    // The loser has no subscription.
    const lost = [a, b][loser]!;
    expect(
      await handle.db
        .select()
        .from(companySubscriptions)
        .where(eq(companySubscriptions.companyId, lost.companyId)),
    ).toEqual([]);
  });

  it("refuses a code the company used up to its other users, and lets another company use it", async () => {
    const a = await newCompany();
    const b = await newCompany();
    const admin = await person(
      handle.db,
      `sco-admin-${run}`,
      `admin-${run.toLowerCase()}@sub-coupons.example`,
      "Admin",
    );
    await join(handle.db, a.companyId, admin, "admin");
    await coupon({ code: "EACH", maxPerCompany: 1 });
    const pack = await callApi(routeFor("/api/company/packs"), {
      method: "POST",
      headers: bearer(a.who.token),
      body: { pack: "sponsored-3", coupon: `EACH${run}` },
    });
    expect(pack.status).toBe(200);
    const refused = await subscribe(admin, "sponsored-monthly", `EACH${run}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      errors: { coupon_code: ["This coupon code was already used by your company"] },
    });
    expect((await subscribe(b.who, "sponsored-monthly", `EACH${run}`)).status).toBe(200);
  });
});

describe("POST /api/company/coupon-quote for a subscription plan", () => {
  it("quotes the period's price and says how long the coupon lasts", async () => {
    const { who } = await newCompany();
    await coupon({ code: "QUOTE", duration: "repeating", durationInMonths: 3 });
    const quoted = await callApi(routeFor("/api/company/coupon-quote"), {
      method: "POST",
      headers: bearer(who.token),
      body: { code: `QUOTE${run}`, product: { kind: "subscription", slug: "sponsored-monthly" } },
    });
    expect(quoted).toMatchObject({
      status: 200,
      body: {
        subtotal_minor: 49_900,
        discount_minor: 9_980,
        total_minor: 39_920,
        duration: "repeating",
        duration_in_months: 3,
      },
    });
  });
});

describe("the console's coupon applies-to", () => {
  const add = (appliesTo: string[]) =>
    callApi(routeFor("/api/moderation/offer/coupons"), {
      method: "POST",
      headers: bearer(moderator.token),
      body: {
        code: `SUB-${run}-${appliesTo.length}`,
        kind: "percent",
        percent_bp: 1000,
        applies_to: appliesTo,
        duration: "repeating",
        duration_in_months: 6,
      },
    });

  it("names subscription plans, and refuses a slug the offer has not (422)", async () => {
    const refused = await add(["sponsored-monthly", `no-such-plan-${run.toLowerCase()}`]);
    expect(refused).toMatchObject({
      status: 422,
      body: { errors: { applies_to: [expect.stringContaining("no-such-plan")] } },
    });
    const added = await add(["sponsored-monthly", "sponsored-3", "sponsored"]);
    expect(added).toMatchObject({
      status: 201,
      body: {
        applies_to: ["sponsored-monthly", "sponsored-3", "sponsored"],
        duration: "repeating",
      },
    });
  });
});
