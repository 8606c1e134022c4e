// @vitest-environment node
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { InvoiceSummary } from "@/features/billing/api-schemas";
import type { RevenueReport } from "@/features/billing/revenue-schemas";
import { createCoupon } from "@/features/billing/server/coupons";
import { issueInvoice } from "@/features/billing/server/invoices";
import { invoices, listingPacks, listingPlans } from "@/lib/server/db/schema";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import { callApi } from "@/tests/api/call";
import { join, person, postListing, routeFor, type Person } from "@/tests/api/team-suite";
import { validSubmission } from "@/tests/fixtures/job-submission";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The owner's revenue report (issue 63): its sums are the invoices' (a pack with a coupon, a
 * listing, an upgrade, a refund), months are cut at midnight UTC, its CSV quotes what it must
 * and prints every script as typed, and only moderators read it.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR = `moderator-${run}@creatorjobs.example`;
const CODE = `LAUNCH${run.toUpperCase()}`;
/** Names as an owner might type them: a comma and quotes, Arabic, Polish and Japanese. */
const SPONSORED = 'Sponsored, "Plus"';
const FEATURED = "إعلان مميّز";
const PACK = "Pakiet 3 ogłoszeń (求人パック)";

let owner: Person;
let admin: Person;
let moderator: Person;
let companyId: number;

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  vi.stubEnv("BILLING_SELLER_COUNTRY", "DE");
  vi.stubEnv("BILLING_SELLER_TAX_ID", "DE136695976");
  vi.stubEnv("BILLING_TAX_RATES", "DE:19");
  [owner, admin, moderator] = (await Promise.all(
    ["owner", "admin", "moderator"].map((name) =>
      person(
        handle.db,
        `rev-${name}-${run}`,
        name === "moderator" ? MODERATOR : `${name}-${run}@revenue.example`,
        name,
      ),
    ),
  )) as [Person, Person, Person];
  ({ companyId } = await postListing(handle.db, owner, `Revenue Studio ${run}`));
  await join(handle.db, companyId, admin, "admin");
  const details = await api("/api/company/billing", owner, {
    method: "PUT",
    body: {
      billing: {
        legal_name: "Nordlicht Media GmbH",
        address_line1: "Torstraße 1",
        city: "Berlin",
        postal_code: "10119",
        country: "DE",
      },
    },
  });
  expect(details.status).toBe(200);
  await handle.db
    .update(listingPlans)
    .set({ name: SPONSORED })
    .where(eq(listingPlans.slug, "sponsored"));
  await handle.db
    .update(listingPlans)
    .set({ name: FEATURED })
    .where(eq(listingPlans.slug, "featured"));
  await handle.db
    .update(listingPacks)
    .set({ name: PACK })
    .where(eq(listingPacks.slug, "sponsored-3"));
  await createCoupon(handle.db, { code: CODE, kind: "percent", percentBp: 2000 });
}, 120_000);

afterAll(() => vi.unstubAllEnvs());

type Call = { method?: "GET" | "POST" | "PUT"; body?: unknown; query?: Record<string, string> };
const api = (
  path: string,
  who: Person | null,
  call: Call = {},
  params: Record<string, number> = {},
) =>
  callApi(routeFor(path), {
    method: call.method ?? "GET",
    headers: who ? bearer(who.token) : {},
    params: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
    ...(call.body !== undefined && { body: call.body }),
    ...(call.query !== undefined && { query: call.query }),
  });

const report = async (query: Record<string, string> = {}) => {
  const answer = await api("/api/moderation/revenue", moderator, { query });
  expect(answer.status).toBe(200);
  return answer.body as unknown as RevenueReport;
};

const csv = (query: Record<string, string>) =>
  api("/api/moderation/revenue.csv", moderator, { query });

/** The month of now, in UTC: `2026-03`. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

const invoiceOf = async (jobId: number, purpose: string) =>
  (
    (await api("/api/company/invoices", owner)).body as { invoices: InvoiceSummary[] }
  ).invoices.find((row) => row.job_id === jobId && row.purpose === purpose)!;

describe("the report", () => {
  it("adds up to the invoices: a pack with a coupon, a listing, an upgrade and a refund", async () => {
    // A pack with the coupon, on an invoice due, which a moderator marks paid.
    const bought = await api("/api/company/packs", admin, {
      method: "POST",
      body: { pack: "sponsored-3", coupon: CODE },
    });
    expect(bought.status).toBe(200);
    const pack = (bought.body as { invoice: InvoiceSummary }).invoice;
    expect(
      (
        await api(
          "/api/moderation/invoices/{invoiceId}/paid",
          moderator,
          { method: "POST" },
          {
            invoiceId: pack.id,
          },
        )
      ).status,
    ).toBe(200);
    // A listing on Featured, on an invoice due, refunded (cancelled unpaid).
    const posted = await api("/api/listings", owner, {
      method: "POST",
      body: {
        ...validSubmission(),
        company: { ...validSubmission().company, name: `Revenue Studio ${run}` },
        plan: "featured",
      },
    });
    expect(posted.body).toMatchObject({ payment_status: "invoice_due" });
    const listing = await invoiceOf((posted.body as { id: number }).id, "listing");
    const refunded = await api(
      "/api/moderation/invoices/{invoiceId}/refund",
      moderator,
      { method: "POST", body: { reason: "Posted by mistake" } },
      { invoiceId: listing.id },
    );
    expect(refunded.status).toBe(200);
    // A live Standard listing upgraded to Sponsored, on an invoice due.
    const { jobId } = await postListing(handle.db, admin, `Revenue Studio ${run}`);
    const approved = await callApi(moderationHandler, {
      method: "POST",
      params: { listingId: String(jobId) },
      headers: bearer(moderator.token),
      body: { decision: "approve" },
    });
    expect(approved.status).toBe(200);
    const upgraded = await api(
      "/api/listings/{listingId}/upgrade",
      admin,
      { method: "POST", body: { plan: "sponsored" } },
      { listingId: jobId },
    );
    expect(upgraded.status).toBe(200);

    const month = thisMonth();
    const { products, coupons, months } = await report();
    const row = (rows: RevenueReport["products"]["rows"], kind: string, slug: string) =>
      rows.find((entry) => entry.month === month && entry.kind === kind && entry.slug === slug);

    // Sponsored-3 at 49 900, 20% off: 9 980; 19% tax per line.
    expect(row(products.rows, "pack", "sponsored-3")).toMatchObject({
      name: PACK,
      currency: "usd",
      count: 1,
      net_minor: 49_900,
      tax_minor: 9_481,
      gross_minor: 59_381,
      paid_minor: 59_381,
      outstanding_minor: 0,
      refunded_minor: 0,
      balance_minor: 59_381,
    });
    expect(row(coupons.rows, "coupon", CODE)).toMatchObject({
      name: CODE,
      count: 1,
      net_minor: -9_980,
      tax_minor: -1_896,
      gross_minor: -11_876,
      paid_minor: -11_876,
    });
    // Featured at 34 900, cancelled unpaid by its credit note: neither paid nor outstanding.
    expect(row(products.rows, "plan", "featured")).toMatchObject({
      name: FEATURED,
      count: 1,
      net_minor: 34_900,
      tax_minor: 6_631,
      gross_minor: 41_531,
      paid_minor: 0,
      outstanding_minor: 0,
      refunded_minor: 41_531,
      balance_minor: 0,
    });
    // Standard to Sponsored: 19 900, outstanding.
    expect(row(products.rows, "upgrade", "sponsored")).toMatchObject({
      name: `Upgrade to ${SPONSORED}`,
      count: 1,
      net_minor: 19_900,
      tax_minor: 3_781,
      gross_minor: 23_681,
      paid_minor: 0,
      outstanding_minor: 23_681,
      overdue_minor: 0,
    });

    // Every row, and the month's whole, is what the invoices table holds.
    const documents = await handle.db.select().from(invoices);
    const issued = documents.filter((doc) => doc.kind === "invoice");
    const notes = documents.filter((doc) => doc.kind === "credit_note");
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const monthRow = months.rows.find((entry) => entry.month === month)!;
    expect(monthRow).toEqual({
      month,
      currency: "usd",
      count: issued.length,
      net_minor: sum(issued.map((doc) => doc.subtotalMinor)),
      tax_minor: sum(issued.map((doc) => doc.taxMinor)),
      gross_minor: sum(issued.map((doc) => doc.totalMinor)),
      paid_minor: sum(issued.filter((doc) => doc.paidAt).map((doc) => doc.totalMinor)),
      outstanding_minor: sum(
        issued.filter((doc) => !doc.paidAt && doc.creditedMinor === 0).map((doc) => doc.totalMinor),
      ),
      overdue_minor: 0,
      refunded_minor: -sum(notes.map((doc) => doc.totalMinor)),
      balance_minor:
        sum(issued.map((doc) => doc.totalMinor)) + sum(notes.map((doc) => doc.totalMinor)),
    });
    expect(monthRow.gross_minor).toBe(59_381 - 11_876 + 41_531 + 23_681);
    // The products' and coupons' rows add up to the month's.
    const lines = [...products.rows, ...coupons.rows].filter((entry) => entry.month === month);
    for (const key of ["net_minor", "tax_minor", "gross_minor", "refunded_minor"] as const) {
      expect(sum(lines.map((entry) => entry[key]))).toBe(monthRow[key]);
    }
    // The range's totals: one row per product, and the months' one per currency.
    expect(months.totals).toEqual([{ ...monthRow, month: null }]);
    expect(products.totals.find((entry) => entry.slug === "featured")).toMatchObject({
      month: null,
      gross_minor: 41_531,
    });

    // Once the upgrade's invoice is past its due date, its amount is overdue too.
    const due = issued.find((doc) => !doc.paidAt && doc.creditedMinor === 0 && doc.dueAt);
    expect(due?.totalMinor).toBe(23_681);
    await handle.db
      .update(invoices)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(invoices.id, due!.id));
    const later = await report();
    expect(row(later.products.rows, "upgrade", "sponsored")).toMatchObject({
      outstanding_minor: 23_681,
      overdue_minor: 23_681,
    });
    expect(later.months.rows.find((entry) => entry.month === month)).toMatchObject({
      overdue_minor: 23_681,
    });
    await handle.db.update(invoices).set({ dueAt: due!.dueAt }).where(eq(invoices.id, due!.id));
  });

  it("cuts months at midnight UTC, and covers the last 12 months by default", async () => {
    const edge = (iso: string) =>
      issueInvoice(handle.db, {
        companyId,
        purpose: "pack",
        item: "featured-3",
        items: [
          {
            description: "Edge",
            quantity: 1,
            unitMinor: 1_000,
            product: { kind: "pack", slug: "featured-3" },
          },
        ],
        paymentMethod: "transfer",
        issuedAt: new Date(iso),
      });
    await edge("2025-01-31T23:59:59.999Z");
    await edge("2025-02-01T00:00:00.000Z");
    await edge("2025-02-28T23:59:59.999Z");
    const both = await report({ from: "2025-01", to: "2025-02" });
    expect(both.months.rows.map((entry) => [entry.month, entry.count, entry.net_minor])).toEqual([
      ["2025-01", 1, 1_000],
      ["2025-02", 2, 2_000],
    ]);
    expect(both.products.totals).toEqual([
      expect.objectContaining({ month: null, kind: "pack", slug: "featured-3", count: 3 }),
    ]);
    const february = await report({ from: "2025-02", to: "2025-02" });
    expect(february.months.rows).toEqual([expect.objectContaining({ month: "2025-02", count: 2 })]);
    const march = await report({ from: "2025-03", to: "2025-03" });
    expect(march.months.rows).toEqual([]);

    const byDefault = await report();
    expect(byDefault.to).toBe(thisMonth());
    const [year, monthNumber] = thisMonth().split("-").map(Number) as [number, number];
    const start = new Date(Date.UTC(year, monthNumber - 12, 1)).toISOString().slice(0, 7);
    expect(byDefault.from).toBe(start);
  });
});

describe("the CSV", () => {
  it("has a header row, quotes a comma and a quote, and prints Arabic, Polish and Japanese as typed", async () => {
    const answer = await csv({ table: "products" });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      "content-type": "text/csv; charset=utf-8",
      "cache-control": "private, no-store",
    });
    expect(String(answer.headers["content-disposition"])).toMatch(
      /^attachment; filename="revenue-products-\d{4}-\d{2}-\d{4}-\d{2}\.csv"$/,
    );
    const text = answer.bytes.toString("utf8");
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "month,kind,slug,name,currency,count,net_minor,tax_minor,gross_minor,paid_minor,outstanding_minor,overdue_minor,refunded_minor,balance_minor",
    );
    const month = thisMonth();
    expect(lines).toContain(
      `${month},upgrade,sponsored,"Upgrade to Sponsored, ""Plus""",usd,1,19900,3781,23681,0,23681,0,0,23681`,
    );
    expect(lines).toContain(
      `${month},plan,featured,${FEATURED},usd,1,34900,6631,41531,0,0,0,41531,0`,
    );
    expect(lines).toContain(
      `${month},pack,sponsored-3,${PACK},usd,1,49900,9481,59381,59381,0,0,0,59381`,
    );
    expect(lines).toContain(`Total,plan,featured,${FEATURED},usd,1,34900,6631,41531,0,0,0,41531,0`);
    // CRLF after every row, the last one too.
    expect(text.endsWith("\r\n")).toBe(true);

    const coupons = (await csv({ table: "coupons" })).bytes.toString("utf8").split("\r\n");
    // Negative amounts are numbers, not formulas to defuse.
    expect(coupons).toContain(
      `${month},coupon,${CODE},${CODE},usd,1,-9980,-1896,-11876,-11876,0,0,0,-11876`,
    );
    const months = (await csv({ table: "months", from: "2025-01", to: "2025-02" })).bytes
      .toString("utf8")
      .split("\r\n");
    expect(months).toEqual([
      "month,currency,count,net_minor,tax_minor,gross_minor,paid_minor,outstanding_minor,overdue_minor,refunded_minor,balance_minor",
      "2025-01,usd,1,1000,190,1190,0,1190,0,0,1190",
      "2025-02,usd,2,2000,380,2380,0,2380,0,0,2380",
      "Total,usd,3,3000,570,3570,0,3570,0,0,3570",
      "",
    ]);
  });
});

describe("who may read it", () => {
  it("refuses employers (403) and strangers (401)", async () => {
    for (const path of ["/api/moderation/revenue", "/api/moderation/revenue.csv"]) {
      expect((await api(path, owner)).status).toBe(403);
      expect((await api(path, null)).status).toBe(401);
    }
  });

  it("answers 422 for a month that is none, a range backwards or too long", async () => {
    for (const path of ["/api/moderation/revenue", "/api/moderation/revenue.csv"]) {
      const bad = await api(path, moderator, { query: { from: "2025-13" } });
      expect(bad.status).toBe(422);
      expect(bad.body).toMatchObject({ errors: { from: [expect.stringMatching(/YYYY-MM/)] } });
      const backwards = await api(path, moderator, { query: { from: "2025-03", to: "2025-01" } });
      expect(backwards.status).toBe(422);
      expect(backwards.body).toMatchObject({ errors: { to: [expect.any(String)] } });
    }
    const long = await api("/api/moderation/revenue", moderator, {
      query: { from: "2000-01", to: "2025-01" },
    });
    expect(long.body).toMatchObject({ errors: { to: [expect.stringMatching(/120 months/)] } });
    // A start 10 years before this month, the end left to its default: too long as well.
    const open = await api("/api/moderation/revenue", moderator, { query: { from: "2001-01" } });
    expect(open.status).toBe(422);
    const table = await api("/api/moderation/revenue.csv", moderator, {
      query: { table: "invoices" },
    });
    expect(table.status).toBe(422);
    expect(table.body).toMatchObject({ errors: { table: [expect.any(String)] } });
  });
});
