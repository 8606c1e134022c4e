// @vitest-environment node
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CompanySubscriptionJson } from "@/features/billing/api-schemas";
import { creditBalance } from "@/features/billing/server/credits";
import { revenueReport } from "@/features/billing/server/revenue";
import {
  changeSubscription,
  intervalsAfter,
  periodDays,
  prorationMinor,
} from "@/features/billing/server/subscriptions";
import { membershipOf } from "@/lib/server/auth/employer";
import { auditLog, companies, invoices, users } from "@/lib/server/db/schema";
import { getQueue } from "@/lib/server/queue/queue";
import { join, person, postListing, type Person } from "@/tests/api/team-suite";
import { setUpTestDatabase } from "@/tests/support/database";
import {
  addDearerMonthlyPlan,
  apiAs,
  creditsOfInvoice,
  latestSubscriptionOf,
  payInvoicesOf,
  runSubscriptionPeriods,
  subscriptionInvoicesOf,
} from "./subscription-support";

/*
 * Employer subscriptions on invoice (issue 63): a company on payment terms subscribes; the first
 * period is invoiced and credited at once, the subscription-periods task invoices each next
 * period once, in the one series; credits expire at the period's end or roll over; a change to a
 * dearer plan is invoiced for the rest of the period, exactly; cancel ends it at the period's end.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);

let owner: Person;
let admin: Person;
let recruiter: Person;
let rival: Person;
let yearly: Person;
let companyId: number;
let rivalCompanyId: number;
let yearlyCompanyId: number;

beforeAll(async () => {
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  const made = await Promise.all(
    ["owner", "admin", "recruiter", "rival", "yearly"].map((name) =>
      person(handle.db, `sub-${name}-${run}`, `${name}-${run}@subs.example`, name),
    ),
  );
  [owner, admin, recruiter, rival, yearly] = made as [Person, Person, Person, Person, Person];
  ({ companyId } = await postListing(handle.db, owner, `Period Studio ${run}`));
  ({ companyId: rivalCompanyId } = await postListing(handle.db, rival, `Rival Period ${run}`));
  ({ companyId: yearlyCompanyId } = await postListing(handle.db, yearly, `Year Studio ${run}`));
  await join(handle.db, companyId, admin, "admin");
  await join(handle.db, companyId, recruiter, "recruiter");
  await handle.db
    .update(companies)
    .set({ invoiceTermsDays: 14, creditLimitMinor: 10_000_000 })
    .where(inArray(companies.id, [companyId, rivalCompanyId, yearlyCompanyId]));
  await addDearerMonthlyPlan(handle.db, run);
  await getQueue(handle);
}, 120_000);

afterAll(() => vi.unstubAllEnvs());

const api = apiAs;

const periods = (now: Date) => runSubscriptionPeriods(handle, now);

const subscriptionInvoices = (company: number) => subscriptionInvoicesOf(handle.db, company);

const creditsOf = (invoiceId: number) => creditsOfInvoice(handle.db, invoiceId);

/** Every invoice of `year` numbered 1, 2, 3…: the series has no gap. */
async function gapFree(year: number) {
  const rows = await handle.db
    .select({ sequence: invoices.sequence })
    .from(invoices)
    .where(and(eq(invoices.kind, "invoice"), eq(invoices.year, year)))
    .orderBy(asc(invoices.sequence));
  expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, i) => i + 1));
}

/** The company's invoices paid, as a moderator marks them. */
const payAll = (company: number, at: Date) => payInvoicesOf(handle.db, company, at);

const rowOf = (company: number) => latestSubscriptionOf(handle.db, company);

describe("proration", () => {
  it("is the difference × whole days left ÷ the period's days, rounded half up", () => {
    // 40,000 × 17 / 31 = 21,935.48…
    expect(prorationMinor(40_000, 31, 17)).toBe(21_935);
    // 1 × 1 / 2 = 0.5: half up.
    expect(prorationMinor(1, 2, 1)).toBe(1);
    // 3 × 1 / 4 = 0.75 → 1; 1 × 1 / 4 = 0.25 → 0.
    expect(prorationMinor(3, 4, 1)).toBe(1);
    expect(prorationMinor(1, 4, 1)).toBe(0);
    expect(prorationMinor(40_000, 31, 31)).toBe(40_000);
    expect(prorationMinor(-500, 30, 10)).toBe(0);
    const start = new Date("2027-01-31T10:00:00Z");
    const end = intervalsAfter(start, "month", 1);
    expect(end.toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(intervalsAfter(start, "month", 2).toISOString()).toBe("2027-03-31T10:00:00.000Z");
    // A day begun counts.
    expect(periodDays(start, end, new Date("2027-02-20T11:00:00Z"))).toEqual({ days: 28, left: 8 });
  });
});

describe("a monthly subscription on invoice", () => {
  let subscriptionId: number;

  it("invoices and credits the first period at once, once", async () => {
    const before = await handle.db
      .select({ year: invoices.year })
      .from(invoices)
      .where(eq(invoices.kind, "invoice"));
    const started = await api("/api/company/subscription", owner, {
      method: "POST",
      body: { plan: "sponsored-monthly" },
    });
    expect(started.status).toBe(200);
    const body = started.body as {
      checkout_url: null;
      subscription: CompanySubscriptionJson;
      invoice: { number: string; total_minor: number; purpose: string };
    };
    expect(body.checkout_url).toBeNull();
    expect(body.subscription).toMatchObject({
      status: "active",
      pays_by: "transfer",
      cancel_at_period_end: false,
      plan: { id: "sponsored-monthly", interval: "month", listings: 3, rollover: false },
      period_credits: { given: 3, spent: 0, left: 3 },
    });
    expect(body.invoice.purpose).toBe("subscription");
    subscriptionId = body.subscription.id;
    const [invoice] = await subscriptionInvoices(companyId);
    // The same gap-free series as every invoice: the next number.
    expect(invoice!.sequence).toBe(before.filter((row) => row.year === invoice!.year).length + 1);
    expect(invoice!.lines[0]).toMatchObject({
      net_minor: 49_900,
      product: { kind: "subscription", slug: "sponsored-monthly" },
    });
    expect(invoice!.dueAt).not.toBeNull();
    // The revenue report counts the period under its subscription plan.
    const report = await revenueReport(handle.db, {});
    const month = invoice!.issuedAt.toISOString().slice(0, 7);
    expect(
      report.products.rows.find(
        (row) =>
          row.month === month && row.kind === "subscription" && row.slug === "sponsored-monthly",
      ),
    ).toMatchObject({ name: "Sponsored monthly", count: 1, net_minor: 49_900 });
    const credits = await creditsOf(invoice!.id);
    expect(credits).toHaveLength(3);
    expect(
      credits.every(
        (c) => c.expiresAt?.getTime() === Date.parse(body.subscription.current_period_end),
      ),
    ).toBe(true);

    // A second subscription is refused; a recruiter may read it but not subscribe.
    const again = await api("/api/company/subscription", admin, {
      method: "POST",
      body: { plan: "sponsored-monthly" },
    });
    expect(again.status).toBe(409);
    const read = await api("/api/company/subscription", recruiter);
    expect(read.status).toBe(200);
    expect((read.body as { subscription: { id: number } }).subscription.id).toBe(subscriptionId);
    const byRecruiter = await api("/api/company/subscription", recruiter, {
      method: "POST",
      body: { plan: "sponsored-monthly" },
    });
    expect(byRecruiter.status).toBe(403);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "subscription.start"), eq(auditLog.subjectId, subscriptionId)),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(owner.userId);
  });

  it("refuses a plan not on sale, and a change of interval while the period is unpaid", async () => {
    const unknown = await api("/api/company/subscription", rival, {
      method: "POST",
      body: { plan: "no-such-plan" },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ errors: { plan: [expect.any(String)] } });
    const change = await api("/api/company/subscription", owner, {
      method: "PUT",
      body: { plan: "sponsored-yearly" },
    });
    expect(change.status).toBe(409);
  });

  it("invoices a dearer plan for the rest of the period, exactly, with the extra listings", async () => {
    const row = await rowOf(companyId);
    const [user] = await handle.db.select().from(users).where(eq(users.id, owner.userId));
    const member = (await membershipOf(handle.db, owner.userId))!;
    // Ten days and an hour into the period.
    const now = new Date(row.currentPeriodStart.getTime() + (10 * 24 + 1) * 3_600_000);
    const { days, left } = periodDays(row.currentPeriodStart, row.currentPeriodEnd, now);
    const changed = await changeSubscription(
      handle.db,
      { user: user!, member },
      `featured-monthly-${run}`,
      () => Promise.reject(new Error("not by card")),
      now,
    );
    const expected = Math.floor((2 * 40_000 * left + days) / (2 * days));
    expect(changed.invoice).toMatchObject({ subtotal_minor: expected });
    const proration = (await subscriptionInvoices(companyId)).at(-1)!;
    expect(proration.lines[0]!.product).toEqual({
      kind: "subscription",
      slug: `featured-monthly-${run}`,
    });
    expect(changed.subscription.plan.id).toBe(`featured-monthly-${run}`);
    // 5 listings instead of 3: two more this period, to its end.
    expect(changed.subscription.period_credits).toMatchObject({ given: 5, left: 5 });
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "subscription.change"), eq(auditLog.subjectId, row.id)));
    expect(audit[0]!.detail).toMatchObject({
      before: "sponsored-monthly",
      after: `featured-monthly-${run}`,
      amount_minor: expected,
    });
    // Back to the cheaper plan: from the next period, without refund.
    const down = await api("/api/company/subscription", owner, {
      method: "PUT",
      body: { plan: "sponsored-monthly" },
    });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ invoice: null });
    expect((await rowOf(companyId)).nextPlan).toBe("sponsored-monthly");
  });

  it("invoices the second period once when the first ends, and the first's credits expire", async () => {
    const row = await rowOf(companyId);
    const after = new Date(row.currentPeriodEnd.getTime() + 60_000);
    expect(
      (await creditBalance(handle.db, companyId, row.currentPeriodStart)).by_plan.sponsored,
    ).toBe(5);
    // Paid in time (else the period would end the subscription: subscription-terms.test.ts).
    await payAll(companyId, row.currentPeriodStart);
    const first = await periods(after);
    expect(first.invoiced).toBeGreaterThanOrEqual(1);
    const again = await periods(after);
    expect(again).toMatchObject({ invoiced: 0 });
    const next = await rowOf(companyId);
    expect(next.currentPeriodStart.toISOString()).toBe(row.currentPeriodEnd.toISOString());
    expect(next.plan).toBe("sponsored-monthly");
    const all = await subscriptionInvoices(companyId);
    expect(all).toHaveLength(3);
    await gapFree(all[2]!.year);
    expect(all[2]!.lines[0]).toMatchObject({ net_minor: 49_900 });
    // The first period's credits are gone at its end: only the second's 3 are left (all paid:
    // an overdue invoice would hold them).
    await payAll(companyId, after);
    const balance = await creditBalance(handle.db, companyId, after);
    expect(balance.by_plan.sponsored).toBe(3);
  });

  it("refuses another company's subscription id, and cancels its own at the period's end", async () => {
    const rivalStarted = await api("/api/company/subscription", rival, {
      method: "POST",
      body: { plan: "sponsored-monthly" },
    });
    expect(rivalStarted.status).toBe(200);
    const rivalId = (rivalStarted.body as { subscription: { id: number } }).subscription.id;
    const theirs = await api(
      "/api/company/subscription/{subscriptionId}",
      owner,
      { method: "DELETE" },
      { subscriptionId: rivalId },
    );
    expect(theirs.status).toBe(404);
    expect((await rowOf(rivalCompanyId)).cancelAtPeriodEnd).toBe(false);

    const row = await rowOf(companyId);
    const canceled = await api(
      "/api/company/subscription/{subscriptionId}",
      admin,
      { method: "DELETE" },
      { subscriptionId: row.id },
    );
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({
      subscription: { cancel_at_period_end: true, status: "active" },
    });
    const invoiced = (await subscriptionInvoices(companyId)).length;
    await payAll(companyId, row.currentPeriodStart);
    const ended = await periods(new Date(row.currentPeriodEnd.getTime() + 60_000));
    expect(ended.ended).toBeGreaterThanOrEqual(1);
    expect((await rowOf(companyId)).status).toBe("canceled");
    expect(await subscriptionInvoices(companyId)).toHaveLength(invoiced);
    // Ended, it may subscribe again.
    const read = await api("/api/company/subscription", owner);
    expect(read.body).toMatchObject({ subscription: { status: "canceled" } });
  });
});

describe("a yearly subscription whose credits roll over", () => {
  it("gives credits that do not expire at the period's end", async () => {
    const started = await api("/api/company/subscription", yearly, {
      method: "POST",
      body: { plan: "sponsored-yearly" },
    });
    expect(started.status).toBe(200);
    const row = await rowOf(yearlyCompanyId);
    expect(row.currentPeriodEnd.toISOString()).toBe(
      intervalsAfter(row.currentPeriodStart, "year", 1).toISOString(),
    );
    const [invoice] = await subscriptionInvoices(yearlyCompanyId);
    const credits = await creditsOf(invoice!.id);
    expect(credits).toHaveLength(40);
    expect(credits.every((credit) => credit.expiresAt === null)).toBe(true);
    const after = new Date(row.currentPeriodEnd.getTime() + 60_000);
    await payAll(yearlyCompanyId, row.currentPeriodStart);
    await periods(after);
    await payAll(yearlyCompanyId, after);
    // Last year's 40 and this year's 40.
    expect((await creditBalance(handle.db, yearlyCompanyId, after)).by_plan.sponsored).toBe(80);
  });
});
