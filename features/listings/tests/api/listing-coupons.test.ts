// @vitest-environment node
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCoupon, type CouponInput } from "@/features/billing/server/coupons";
import { consoleOffer, updatePlan } from "@/features/billing/server/offer-console";
import { moderatorActorByEmail } from "@/lib/server/audit/moderator-actor";
import { couponRedemptions, coupons, invoices, jobs } from "@/lib/server/db/schema";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import { callApi } from "@/tests/api/call";
import { callAs, sessionOf, stripeCheckout } from "@/tests/api/stripe-checkout";
import { person, postListing, routeFor, type Person } from "@/tests/api/team-suite";
import { validSubmission } from "@/tests/fixtures/job-submission";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * Coupons on new listings and renewals (issue 63), on invoice and by card, against the Stripe
 * stand-in: the discount is its own line on the invoice and in Checkout's quote; the code is
 * kept with a listing paid by card, so that its Pay button opens Checkout with it again (checked
 * again then); a coupon taking it all opens no Checkout. A listing keeps its plan's days as
 * they were when it was ordered.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const CODE = run.toUpperCase();
const MODERATOR = `moderator-${run}@creatorjobs.example`;
const DAY = 24 * 60 * 60 * 1000;

let other: Person;
let moderator: Person;

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  other = await person(handle.db, `lc-other-${run}`, `other-${run}@listing-coupons.example`, "X");
  moderator = await person(handle.db, `lc-mod-${run}`, MODERATOR, "Mo");
  await postListing(handle.db, other, `Other Listings ${run}`);
}, 120_000);

const api = callAs;
/** This test pays on invoice: no Stripe. */
const byInvoice = () => {
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
};
const { standIn, lastCheckout, paidEvent, deliver } = stripeCheckout(run);

let made = 0;
let people = 0;
/** An employer of a company of their own (each posts within the submissions' rate limit). */
const employer = async () => {
  people += 1;
  const who = await person(
    handle.db,
    `lc-${run}-${people}`,
    `e${people}-${run}@listing-coupons.example`,
    "E",
  );
  await postListing(handle.db, who, `Coupon Listings ${run} ${people}`);
  return who;
};
const coupon = (input: Partial<CouponInput> = {}) => {
  made += 1;
  return createCoupon(handle.db, {
    kind: "percent",
    percentBp: 2000,
    ...input,
    code: `L${made}${CODE}`,
  });
};

/** `who` posts a listing on `plan` with `code`; the answer. */
const submit = (who: Person, plan: string, code?: string) =>
  api("/api/listings", who, {
    ...validSubmission(),
    company: { ...validSubmission().company, name: `Coupon Listings ${run}` },
    plan,
    ...(code !== undefined && { coupon: code }),
  });

const jobOf = async (id: number) =>
  (await handle.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const invoicesOfJob = (id: number) =>
  handle.db.select().from(invoices).where(eq(invoices.jobId, id));
const usesOf = (couponId: number) =>
  handle.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));
const sessionCalls = () =>
  standIn().calls.filter((call) => call.path === "/v1/checkout/sessions").length;

/** The Pay button of a listing awaiting payment. */
const pay = (who: Person, listingId: number) =>
  callApi(routeFor("/api/listings/{listingId}/checkout"), {
    method: "POST",
    headers: bearer(who.token),
    params: { listingId: String(listingId) },
  });

const approve = (jobId: number) =>
  callApi(moderationHandler, {
    method: "POST",
    params: { listingId: String(jobId) },
    headers: bearer(moderator.token),
    body: { decision: "approve" },
  });

describe("a new listing with a coupon", () => {
  it("on invoice: the discount is its own line, the tax after it, the use the invoice's", async () => {
    const me = await employer();
    byInvoice();
    const row = await coupon();
    const posted = await submit(me, "sponsored", row.code.toLowerCase());
    expect(posted).toMatchObject({ status: 201, body: { payment_status: "invoice_due" } });
    const id = (posted.body as { id: number }).id;
    const [invoice] = await invoicesOfJob(id);
    expect(invoice).toMatchObject({ purpose: "listing", subtotalMinor: 15_920 });
    expect(invoice!.lines).toEqual([
      expect.objectContaining({ net_minor: 19_900 }),
      expect.objectContaining({
        description: `Discount ${row.code} (20%)`,
        unit_minor: -3_980,
        net_minor: -3_980,
      }),
    ]);
    expect(await usesOf(row.id)).toEqual([expect.objectContaining({ invoiceId: invoice!.id })]);
    // No code is kept for a Checkout it will never open.
    expect((await jobOf(id)).couponCode).toBeNull();
  });

  it("refuses a code that does not apply, and stores no listing", async () => {
    const me = await employer();
    const row = await coupon({ appliesTo: ["featured"] });
    const before = await handle.db.select({ id: jobs.id }).from(jobs);
    const posted = await submit(me, "sponsored", row.code);
    expect(posted).toMatchObject({
      status: 422,
      body: { errors: { coupon: ["This coupon code does not apply to this product"] } },
    });
    expect(await handle.db.select({ id: jobs.id }).from(jobs)).toHaveLength(before.length);
    // With a credit, no coupon.
    const credit = await api("/api/listings", me, {
      ...validSubmission(),
      plan: "sponsored",
      use_credit: true,
      coupon: row.code,
    });
    expect(credit).toMatchObject({
      status: 422,
      body: { errors: { coupon: ["A credit pays for this: no coupon needed"] } },
    });
  });

  it("by card: Checkout is sent the discounted amount, and the webhook invoices the discount line", async () => {
    const me = await employer();
    const row = await coupon();
    const posted = await submit(me, "sponsored", row.code);
    expect(posted.status).toBe(201);
    const { id, checkout_url } = posted.body as { id: number; checkout_url: string };
    const session = sessionOf(checkout_url);
    const form = lastCheckout();
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("15920");
    expect(JSON.parse(form.get("metadata[quote]")!)).toMatchObject({
      i: [
        expect.arrayContaining([19_900, "plan:sponsored"]),
        [`Discount ${row.code} (20%)`, 1, -3_980, `coupon:${row.code}`],
      ],
    });
    expect(await jobOf(id)).toMatchObject({ couponCode: row.code, planDays: 30 });

    // The undiscounted price is not what was quoted: nothing is given for it.
    await deliver(paidEvent(form, session, { amount: 19_900 }));
    expect((await jobOf(id)).paymentStatus).toBe("awaiting_payment");
    const paid = await deliver(paidEvent(form, session));
    expect(paid.body).toMatchObject({ paid_job_id: id });
    const [invoice] = await invoicesOfJob(id);
    expect(invoice).toMatchObject({ totalMinor: 15_920, stripeSessionId: session });
    expect(invoice!.lines.at(-1)).toMatchObject({ unit_minor: -3_980 });
    expect(await usesOf(row.id)).toEqual([expect.objectContaining({ invoiceId: invoice!.id })]);
  });
});

describe("the Pay button of a held draft", () => {
  it("opens Checkout with the code kept, giving back the use of the session before", async () => {
    const me = await employer();
    const row = await coupon({
      kind: "amount",
      percentBp: null,
      amountMinor: 5_000,
      maxPerCompany: 1,
    });
    const posted = await submit(me, "sponsored", row.code);
    expect(posted).toMatchObject({ status: 201 });
    const { id } = posted.body as { id: number };
    const first = (await jobOf(id)).checkoutSessionId!;

    const pressed = await pay(me, id);
    expect(pressed).toMatchObject({ status: 200 });
    const session = sessionOf((pressed.body as { checkout_url: string }).checkout_url);
    expect(session).not.toBe(first);
    expect(lastCheckout().get("line_items[0][price_data][unit_amount]")).toBe("14900");
    const uses = await usesOf(row.id);
    expect(uses.find((use) => use.checkoutSession === first)!.releasedAt).not.toBeNull();
    expect(uses.find((use) => use.checkoutSession === session)!.releasedAt).toBeNull();

    await deliver(paidEvent(lastCheckout(), session));
    expect(await jobOf(id)).toMatchObject({ paymentStatus: "paid", checkoutSessionId: session });
  });

  it("refuses a kept code that has expired since with 422, and opens nothing", async () => {
    const me = await employer();
    const row = await coupon();
    const { id } = (await submit(me, "sponsored", row.code)).body as { id: number };
    await handle.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(coupons.id, row.id));
    const opened = sessionCalls();
    const pressed = await pay(me, id);
    expect(pressed).toMatchObject({
      status: 422,
      body: { errors: { coupon: ["This coupon code has expired"] } },
    });
    expect(sessionCalls()).toBe(opened);
  });

  it("is not another company's to press: 404 for its listing, code or not", async () => {
    const me = await employer();
    const row = await coupon();
    const { id } = (await submit(me, "sponsored", row.code)).body as { id: number };
    const pressed = await pay(other, id);
    expect(pressed.status).toBe(404);
    const renew = await api(
      "/api/listings/{listingId}/renew",
      other,
      { coupon: row.code },
      { listingId: id },
    );
    expect(renew.status).toBe(404);
  });
});

describe("a coupon that takes it all", () => {
  it("pays a listing by card without Checkout, with a paid invoice of 0", async () => {
    const me = await employer();
    const row = await coupon({ percentBp: 10_000 });
    const opened = sessionCalls();
    const posted = await submit(me, "featured", row.code);
    expect(posted).toMatchObject({
      status: 201,
      body: { payment_status: "paid", state: "in_review", checkout_url: null },
    });
    expect(sessionCalls()).toBe(opened);
    const id = (posted.body as { id: number }).id;
    const [invoice] = await invoicesOfJob(id);
    expect(invoice).toMatchObject({ totalMinor: 0, paidAt: expect.any(Date) });
    expect(await usesOf(row.id)).toEqual([expect.objectContaining({ invoiceId: invoice!.id })]);
  });

  it("gives a pack and an upgrade at once, without Checkout", async () => {
    const me = await employer();
    const row = await coupon({ percentBp: 10_000 });
    const opened = sessionCalls();
    const pack = await api("/api/company/packs", me, { pack: "sponsored-3", coupon: row.code });
    expect(pack).toMatchObject({
      status: 200,
      body: { checkout_url: null, invoice: { total_minor: 0 } },
    });

    const { jobId } = await postListing(handle.db, me, `Coupon Listings ${run}`);
    expect((await approve(jobId)).status).toBe(200);
    const upgrade = await api(
      "/api/listings/{listingId}/upgrade",
      me,
      { plan: "featured", coupon: row.code },
      { listingId: jobId },
    );
    expect(upgrade).toMatchObject({
      status: 200,
      body: { checkout_url: null, listing: { plan: "featured" } },
    });
    expect(sessionCalls()).toBe(opened);
    expect(await jobOf(jobId)).toMatchObject({ plan: "featured", planDays: 60 });
  });
});

describe("a renewal with a coupon", () => {
  it("renews by card at the discounted price, invoiced with its discount line", async () => {
    const me = await employer();
    const posted = await submit(me, "sponsored");
    const { id } = posted.body as { id: number };
    await deliver(paidEvent(lastCheckout(), (await jobOf(id)).checkoutSessionId!));
    expect((await approve(id)).status).toBe(200);
    const ending = new Date(Date.now() + 2 * DAY);
    await handle.db.update(jobs).set({ expiresAt: ending }).where(eq(jobs.id, id));

    const row = await coupon({ percentBp: 5000 });
    const renewed = await api(
      "/api/listings/{listingId}/renew",
      me,
      { coupon: row.code },
      { listingId: id },
    );
    expect(renewed.status).toBe(200);
    const session = sessionOf((renewed.body as { checkout_url: string }).checkout_url);
    expect(lastCheckout().get("line_items[0][price_data][unit_amount]")).toBe("9950");
    expect((await deliver(paidEvent(lastCheckout(), session))).body).toMatchObject({
      paid_job_id: id,
    });
    const job = await jobOf(id);
    expect(job.expiresAt.getTime()).toBe(ending.getTime() + 30 * DAY);
    const renewal = (await invoicesOfJob(id)).find((each) => each.purpose === "renewal")!;
    expect(renewal).toMatchObject({ totalMinor: 9_950 });
    expect(renewal.lines.at(-1)).toMatchObject({ description: `Discount ${row.code} (50%)` });
  });

  it("renews on invoice with the discount line", async () => {
    const me = await employer();
    byInvoice();
    const posted = await submit(me, "sponsored");
    const { id } = posted.body as { id: number };
    expect((await approve(id)).status).toBe(200);
    await handle.db
      .update(jobs)
      .set({ expiresAt: new Date(Date.now() + DAY) })
      .where(eq(jobs.id, id));
    const row = await coupon({ kind: "amount", percentBp: null, amountMinor: 2_500 });
    const renewed = await api(
      "/api/listings/{listingId}/renew",
      me,
      { coupon: row.code },
      { listingId: id },
    );
    expect(renewed).toMatchObject({ status: 200, body: { checkout_url: null } });
    const [invoice] = await handle.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.jobId, id), eq(invoices.purpose, "renewal")));
    expect(invoice).toMatchObject({ subtotalMinor: 17_400 });
  });
});

describe("a listing's days (plan_days)", () => {
  const setDays = async (days: number) => {
    const plan = (await consoleOffer(handle.db)).plans.find((each) => each.slug === "sponsored")!;
    const actor = await moderatorActorByEmail(handle.db, MODERATOR);
    await updatePlan(handle.db, actor, "sponsored", {
      name: plan.name,
      price_minor: plan.price_minor,
      days,
      sponsored: plan.sponsored,
      recommended: plan.recommended,
      summary: plan.summary,
      includes: plan.includes,
    });
  };
  afterAll(() => setDays(30));

  it("publishes a listing for the days it was ordered with, though the console changed them", async () => {
    const me = await employer();
    byInvoice();
    const before = await submit(me, "sponsored");
    const { id } = before.body as { id: number };
    expect((await jobOf(id)).planDays).toBe(30);
    await setDays(45);
    const after = (await submit(me, "sponsored")).body as { id: number };
    expect((await jobOf(after.id)).planDays).toBe(45);

    expect((await approve(id)).status).toBe(200);
    const job = await jobOf(id);
    expect(job.expiresAt.getTime() - job.publishedAt.getTime()).toBe(30 * DAY);
    expect((await approve(after.id)).status).toBe(200);
    const next = await jobOf(after.id);
    expect(next.expiresAt.getTime() - next.publishedAt.getTime()).toBe(45 * DAY);
  });
});
