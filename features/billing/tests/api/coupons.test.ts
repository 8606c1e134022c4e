// @vitest-environment node
import { and, eq } from "drizzle-orm";
import type { RequestMethod } from "node-mocks-http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { InvoiceSummary } from "@/features/billing/api-schemas";
import { discountOf } from "@/features/billing/server/coupons";
import { auditLog, couponRedemptions, invoices } from "@/lib/server/db/schema";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import { callApi } from "@/tests/api/call";
import { person, postListing, routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { couponMaker, raceForLastUse } from "./coupon-support";

/*
 * Coupons (issue 63) on packs bought on an invoice due by transfer (no Stripe): each rule
 * accepted and refused with its reason, the discount as a line of its own taxed after it, and
 * the race for a coupon's last use. Checkout's side is in coupons-stripe.test.ts.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8).toUpperCase();
let made = 0;

const MODERATOR = `moderator-${run.toLowerCase()}@creatorjobs.example`;
let moderator: Person;

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  vi.stubEnv("BILLING_SELLER_COUNTRY", "DE");
  vi.stubEnv("BILLING_SELLER_TAX_ID", "DE136695976");
  moderator = await person(handle.db, `cp-mod-${run}`, MODERATOR, "Mo");
});

afterAll(() => {
  vi.unstubAllEnvs();
});

/** An employer of a new company, with no invoice yet. */
async function newCompany() {
  made += 1;
  const who = await person(
    handle.db,
    `cp-${run}-${made}`,
    `owner-${run.toLowerCase()}-${made}@coupons.example`,
    "Owner",
  );
  const { companyId, jobId } = await postListing(handle.db, who, `Coupon Studio ${run} ${made}`);
  return { who, companyId, jobId };
}

const coupon = couponMaker(handle, run);

const buy = (who: Person, pack: string, code?: string) =>
  callApi(routeFor("/api/company/packs"), {
    method: "POST",
    headers: bearer(who.token),
    body: { pack, ...(code !== undefined && { coupon: code }) },
  });

const invoiceOf = (body: unknown) => (body as { invoice: InvoiceSummary }).invoice;
const refusal = (message: string | RegExp) => ({ errors: { coupon: [message] } });

describe("the discount", () => {
  it("rounds a percent half away from zero and never takes more than the order", async () => {
    const row = await coupon({ code: "ROUND", percentBp: 1250 });
    // 12.5% of 1 004 is 125.5: 126.
    expect(discountOf(row, [{ description: "x", quantity: 1, unitMinor: 1004 }], "usd")).toEqual({
      discountMinor: 126,
      item: {
        description: `Discount ROUND${run} (12.5%)`,
        quantity: 1,
        unitMinor: -126,
        product: { kind: "coupon", slug: `ROUND${run}` },
      },
    });
    const fixed = await coupon({
      code: "FIXED",
      kind: "amount",
      percentBp: null,
      amountMinor: 5000,
    });
    expect(discountOf(fixed, [{ description: "x", quantity: 2, unitMinor: 1000 }], "usd")).toEqual({
      discountMinor: 2000,
      item: {
        description: `Discount FIXED${run} ($50)`,
        quantity: 1,
        unitMinor: -2000,
        product: { kind: "coupon", slug: `FIXED${run}` },
      },
    });
  });
});

describe("a pack bought on invoice with a coupon", () => {
  it("has the discount as a line of its own, and the tax after it, per line", async () => {
    vi.stubEnv("BILLING_TAX_RATES", "DE:19");
    try {
      const { who } = await newCompany();
      await callApi(routeFor("/api/company/billing"), {
        method: "PUT",
        headers: bearer(who.token),
        body: {
          billing: {
            legal_name: "Nordlicht Media GmbH",
            address_line1: "Torstraße 1",
            city: "Berlin",
            postal_code: "10119",
            country: "DE",
            vat_id: "DE136695976",
          },
        },
      });
      await coupon({ code: "LAUNCH" });
      // Typed in any case.
      const bought = await buy(who, "sponsored-3", `launch${run.toLowerCase()}`);
      expect(bought.status).toBe(200);
      const invoice = invoiceOf(bought.body);
      // 49 900 − 9 980 = 39 920; tax 19% per line: 9 481 − 1 896.
      expect(invoice).toMatchObject({
        subtotal_minor: 39_920,
        tax_minor: 7_585,
        total_minor: 47_505,
      });
      const [row] = await handle.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row!.lines).toEqual([
        expect.objectContaining({ unit_minor: 49_900, net_minor: 49_900, tax_minor: 9_481 }),
        expect.objectContaining({
          description: `Discount LAUNCH${run} (20%)`,
          quantity: 1,
          unit_minor: -9_980,
          net_minor: -9_980,
          tax_minor: -1_896,
        }),
      ]);
      const [used] = await handle.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.invoiceId, invoice.id));
      expect(used).toMatchObject({ discountMinor: 9_980, checkoutSession: null });
    } finally {
      vi.stubEnv("BILLING_TAX_RATES", "");
    }
  });

  it("refuses an unknown or retired code, and stores nothing", async () => {
    const { who, companyId } = await newCompany();
    const refused = await buy(who, "sponsored-3", "NOSUCHCODE");
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject(refusal("There is no such coupon code"));
    const rows = await handle.db.select().from(invoices).where(eq(invoices.companyId, companyId));
    expect(rows).toHaveLength(0);
  });

  it("takes a code before its expiry, and refuses it after", async () => {
    const { who } = await newCompany();
    await coupon({ code: "SOON", expiresAt: new Date(Date.now() + 60_000) });
    await coupon({ code: "GONE", expiresAt: new Date(Date.now() - 1_000) });
    expect((await buy(who, "sponsored-3", `SOON${run}`)).status).toBe(200);
    const refused = await buy(who, "sponsored-3", `GONE${run}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject(refusal("This coupon code has expired"));
  });

  it("counts the uses in all, and refuses the one beyond with 409", async () => {
    const a = await newCompany();
    const b = await newCompany();
    await coupon({ code: "ONCE", maxRedemptions: 1 });
    expect((await buy(a.who, "sponsored-3", `ONCE${run}`)).status).toBe(200);
    const refused = await buy(b.who, "sponsored-3", `ONCE${run}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "This coupon code has been used up" });
  });

  it("counts a company's uses, and lets another company use it", async () => {
    const a = await newCompany();
    const b = await newCompany();
    await coupon({ code: "EACH", maxPerCompany: 1 });
    expect((await buy(a.who, "sponsored-3", `EACH${run}`)).status).toBe(200);
    const refused = await buy(a.who, "sponsored-3", `EACH${run}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject(
      refusal("This coupon code was already used by your company"),
    );
    expect((await buy(b.who, "sponsored-3", `EACH${run}`)).status).toBe(200);
  });

  it("takes a first-order code for a company without invoices only", async () => {
    const { who } = await newCompany();
    await coupon({ code: "FIRST", firstOrderOnly: true });
    expect((await buy(who, "sponsored-3", `FIRST${run}`)).status).toBe(200);
    const refused = await buy(who, "sponsored-3", `FIRST${run}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject(refusal("This coupon code is for a first order only"));
  });

  it("takes a code with a minimum order on an order that reaches it", async () => {
    const { who } = await newCompany();
    await coupon({ code: "BIG", minOrderMinor: 50_000 });
    const refused = await buy(who, "sponsored-3", `BIG${run}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject(refusal("This coupon code needs a minimum order of $500"));
    expect((await buy(who, "featured-3", `BIG${run}`)).status).toBe(200);
  });

  it("takes a code on the products it applies to only", async () => {
    const { who } = await newCompany();
    await coupon({ code: "ONLY", appliesTo: ["featured-3"] });
    const refused = await buy(who, "sponsored-3", `ONLY${run}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject(refusal("This coupon code does not apply to this product"));
    expect((await buy(who, "featured-3", `ONLY${run}`)).status).toBe(200);
  });

  it("gives a coupon's last use to one of two orders at once; the other gets 409", async () => {
    const a = await newCompany();
    const b = await newCompany();
    const row = await coupon({ code: "LAST", maxRedemptions: 1 });
    await raceForLastUse(handle.db, row.id, [
      () => buy(a.who, "sponsored-3", `LAST${run}`),
      () => buy(b.who, "sponsored-3", `LAST${run}`),
    ]);
  });
});

describe("POST /api/company/coupon-quote", () => {
  const ask = (who: Person, code: string, product: { kind: string; slug: string }) =>
    callApi(routeFor("/api/company/coupon-quote"), {
      method: "POST",
      headers: bearer(who.token),
      body: { code, product },
    });

  it("answers the discount and the new total, or why the code does not apply", async () => {
    const { who } = await newCompany();
    await coupon({ code: "ASK", appliesTo: ["sponsored-3", "featured"] });
    expect(
      await ask(who, `ask${run.toLowerCase()}`, { kind: "pack", slug: "sponsored-3" }),
    ).toMatchObject({
      status: 200,
      body: {
        code: `ASK${run}`,
        description: `Discount ASK${run} (20%)`,
        subtotal_minor: 49_900,
        discount_minor: 9_980,
        total_minor: 39_920,
        currency: "usd",
      },
    });
    expect(await ask(who, `ASK${run}`, { kind: "plan", slug: "featured" })).toMatchObject({
      status: 200,
      body: { subtotal_minor: 34_900, discount_minor: 6_980 },
    });
    expect(await ask(who, `ASK${run}`, { kind: "pack", slug: "featured-3" })).toMatchObject({
      status: 422,
      body: refusal("This coupon code does not apply to this product"),
    });
    const used = await coupon({ code: "ASKED", maxRedemptions: 1 });
    expect((await buy(who, "sponsored-3", used.code)).status).toBe(200);
    expect(await ask(who, used.code, { kind: "pack", slug: "sponsored-3" })).toMatchObject({
      status: 422,
      body: refusal("This coupon code has been used up"),
    });
  });
});

describe("an upgrade with a coupon", () => {
  const upgrade = (who: Person, id: number, body: unknown) =>
    callApi(routeFor("/api/listings/{listingId}/upgrade"), {
      method: "POST",
      headers: bearer(who.token),
      params: { listingId: String(id) },
      body,
    });

  it("is invoiced with the discount line; paid with a credit, it takes no coupon", async () => {
    const { who, jobId } = await newCompany();
    const approved = await callApi(moderationHandler, {
      method: "POST",
      params: { listingId: String(jobId) },
      headers: bearer(moderator.token),
      body: { decision: "approve" },
    });
    expect(approved.status).toBe(200);
    await coupon({ code: "UP", kind: "amount", percentBp: null, amountMinor: 4_900 });
    const withCredit = await upgrade(who, jobId, {
      plan: "sponsored",
      use_credit: true,
      coupon: `UP${run}`,
    });
    expect(withCredit).toMatchObject({
      status: 422,
      body: refusal("A credit pays for this: no coupon needed"),
    });
    const upgraded = await upgrade(who, jobId, { plan: "sponsored", coupon: `UP${run}` });
    expect(upgraded.status).toBe(200);
    const [row] = await handle.db.select().from(invoices).where(eq(invoices.jobId, jobId));
    expect(row).toMatchObject({ purpose: "upgrade", subtotalMinor: 19_900 - 4_900 });
    expect(row!.lines[1]).toMatchObject({
      description: `Discount UP${run} ($49)`,
      unit_minor: -4_900,
    });
  });
});

describe("the console's coupons", () => {
  const as = (who: Person, path: string, method: RequestMethod, body?: unknown, params = {}) =>
    callApi(routeFor(path), {
      method,
      headers: bearer(who.token),
      params,
      ...(body !== undefined && { body }),
    });

  it("adds, changes and retires a coupon, audited; refuses a bad one field by field", async () => {
    const code = `con-${run.toLowerCase()}`;
    const added = await as(moderator, "/api/moderation/offer/coupons", "POST", {
      code,
      kind: "percent",
      percent_bp: 1500,
      applies_to: ["sponsored-3"],
      max_redemptions: 10,
    });
    expect(added).toMatchObject({
      status: 201,
      body: { code: code.toUpperCase(), uses: 0, state: "active", amount_minor: null },
    });
    const id = (added.body as { id: number }).id;
    const taken = await as(moderator, "/api/moderation/offer/coupons", "POST", {
      code: code.toUpperCase(),
      kind: "amount",
      amount_minor: 100,
    });
    expect(taken).toMatchObject({ status: 422, body: { errors: { code: [expect.any(String)] } } });
    const bad = await as(moderator, "/api/moderation/offer/coupons", "POST", {
      code: "x",
      kind: "percent",
      percent_bp: 20_000,
    });
    expect(bad).toMatchObject({
      status: 422,
      body: { errors: { code: [expect.any(String)], percent_bp: [expect.any(String)] } },
    });
    const changed = await as(
      moderator,
      "/api/moderation/offer/coupons/{couponId}",
      "PUT",
      { code, kind: "amount", amount_minor: 2_500 },
      { couponId: String(id) },
    );
    expect(changed).toMatchObject({
      status: 200,
      body: { kind: "amount", amount_minor: 2_500, percent_bp: null, applies_to: [] },
    });
    const retired = await as(
      moderator,
      "/api/moderation/offer/coupons/{couponId}/retire",
      "POST",
      undefined,
      { couponId: String(id) },
    );
    expect(retired).toMatchObject({ status: 200, body: { state: "retired" } });
    const list = await as(moderator, "/api/moderation/offer/coupons", "GET");
    expect((list.body as { coupons: { id: number }[] }).coupons).toContainEqual(
      expect.objectContaining({ id, state: "retired" }),
    );
    const { who } = await newCompany();
    expect((await buy(who, "sponsored-3", code)).body).toMatchObject(
      refusal("There is no such coupon code"),
    );
    const actions = await handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "coupon"), eq(auditLog.subjectId, id)));
    expect(actions.map((row) => row.action).sort()).toEqual([
      "coupon.create",
      "coupon.retire",
      "coupon.update",
    ]);
    expect((await as(who, "/api/moderation/offer/coupons", "GET")).status).toBe(403);
  });

  it("keeps how long it lasts on a subscription: once, N months or for ever", async () => {
    const post = (body: Record<string, unknown>) =>
      as(moderator, "/api/moderation/offer/coupons", "POST", {
        kind: "percent",
        percent_bp: 1_000,
        ...body,
      });
    const noMonths = await post({ code: `rep-${run}`, duration: "repeating" });
    expect(noMonths).toMatchObject({
      status: 422,
      body: { errors: { duration_in_months: ["Give the months it lasts"] } },
    });
    const tooLong = await post({
      code: `rep-${run}`,
      duration: "repeating",
      duration_in_months: 40,
    });
    expect(Object.keys((tooLong.body as { errors: object }).errors)).toEqual([
      "duration_in_months",
    ]);
    const months = await post({ code: `rep-${run}`, duration: "repeating", duration_in_months: 3 });
    expect(months).toMatchObject({
      status: 201,
      body: { duration: "repeating", duration_in_months: 3 },
    });
    // Months say nothing of a coupon for ever: they are not kept.
    const forever = await post({ code: `ever-${run}`, duration: "forever", duration_in_months: 6 });
    expect(forever).toMatchObject({
      status: 201,
      body: { duration: "forever", duration_in_months: null },
    });
    // Left out, a coupon is for the first period only.
    expect((await post({ code: `once-${run}` })).body).toMatchObject({
      duration: "once",
      duration_in_months: null,
    });
  });

  it("is in the moderators' audit log under its own subject, with who changed it", async () => {
    const added = await as(moderator, "/api/moderation/offer/coupons", "POST", {
      code: `aud-${run}`,
      kind: "amount",
      amount_minor: 1_000,
    });
    const id = (added.body as { id: number }).id;
    await as(
      moderator,
      "/api/moderation/offer/coupons/{couponId}",
      "PUT",
      { code: `aud-${run}`, kind: "amount", amount_minor: 1_500 },
      { couponId: String(id) },
    );
    const history = await callApi(routeFor("/api/moderation/audit"), {
      headers: bearer(moderator.token),
      query: { subject_type: "coupon", subject_id: String(id) },
    });
    expect(history.status).toBe(200);
    expect(history.body!.entries).toEqual([
      expect.objectContaining({
        action: "coupon.update",
        actor_email: MODERATOR,
        subject_type: "coupon",
        subject_id: id,
        detail: expect.objectContaining({
          before: expect.objectContaining({ amount_minor: 1_000 }),
          after: expect.objectContaining({ amount_minor: 1_500 }),
        }),
      }),
      expect.objectContaining({ action: "coupon.create", actor_email: MODERATOR }),
    ]);
  });
});
