// @vitest-environment node
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type {
  BillingOverview,
  CreditBalance,
  InvoiceSummary,
} from "@/features/billing/api-schemas";
import { membershipOf } from "@/lib/server/auth/employer";
import { buyPack } from "@/features/billing/server/packs";
import { auditLog, companies, invoices, jobs, listingCredits, users } from "@/lib/server/db/schema";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import listingHandler from "@/pages/api/listings/[listingId]/index";
import { callApi } from "@/tests/api/call";
import { join, person, postListing, routeFor, type Person } from "@/tests/api/team-suite";
import { validSubmission } from "@/tests/fixtures/job-submission";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { pdfText } from "@/tests/support/pdf-text";

/*
 * Billing without Stripe (issue 45): every payment is an invoice due by transfer. Packs give the
 * company credits, spent oldest first by anyone who may post, given back once when a listing is
 * not approved; upgrades; invoices paid, refunded with credit notes, and their PDFs. Stripe's
 * side is in stripe-billing.test.ts.
 */

const handle = setUpTestDatabase();
/** The sample board's example bank, which vitest.config.mts sets (issue 61). */
const SAMPLE_BANK = process.env.BILLING_SELLER_BANK!;
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR = `moderator-${run}@creatorjobs.example`;

let owner: Person;
let admin: Person;
let recruiter: Person;
let moderator: Person;
let rival: Person;
// Posting and buying are rate limited per person: the tests take turns among several.
const recruiters: Person[] = [];
const admins: Person[] = [];
let turn = 0;
const poster = () => recruiters[(turn += 1) % recruiters.length]!;
const buyer = () => admins[(turn += 1) % admins.length]!;
let companyId: number;

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  vi.stubEnv("BILLING_SELLER_COUNTRY", "DE");
  vi.stubEnv("BILLING_SELLER_TAX_ID", "DE136695976");
  const made = await Promise.all(
    ["owner", "admin", "recruiter", "moderator", "rival"].map((name) =>
      person(
        handle.db,
        `bill-${name}-${run}`,
        name === "moderator" ? MODERATOR : `${name}-${run}@billing.example`,
        name,
      ),
    ),
  );
  [owner, admin, recruiter, moderator, rival] = made as [Person, Person, Person, Person, Person];
  ({ companyId } = await postListing(handle.db, owner, `Ledger Studio ${run}`));
  await postListing(handle.db, rival, `Rival Studio ${run}`);
  await join(handle.db, companyId, admin, "admin");
  await join(handle.db, companyId, recruiter, "recruiter");
  for (const n of [1, 2, 3, 4]) {
    const extra = await person(handle.db, `bill-r${n}-${run}`, `r${n}-${run}@billing.example`, "R");
    await join(handle.db, companyId, extra, n % 2 ? "recruiter" : "admin");
    (n % 2 ? recruiters : admins).push(extra);
  }
  recruiters.push(recruiter);
  admins.push(admin, owner);
  // This company may use its packs before paying for them (a moderator's credit limit), so the
  // tests of spending start from what they buy; the limit itself is tested with a company of
  // its own under "money owed".
  await handle.db
    .update(companies)
    .set({ creditLimitMinor: 10_000_000 })
    .where(eq(companies.id, companyId));
}, 120_000);

afterAll(() => vi.unstubAllEnvs());

type Call = {
  method?: "GET" | "POST" | "PUT" | "PATCH";
  body?: unknown;
  query?: Record<string, string>;
};
const api = (path: string, who: Person, call: Call = {}, params: Record<string, number> = {}) =>
  callApi(routeFor(path), {
    method: call.method ?? "GET",
    headers: bearer(who.token),
    params: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
    ...(call.body !== undefined && { body: call.body }),
    ...(call.query !== undefined && { query: call.query }),
  });

const buy = (who: Person, pack: string) =>
  api("/api/company/packs", who, { method: "POST", body: { pack } });
/** A balance as counts by plan (0 for a plan without credits), beside on_hold. */
const counted = (credits: CreditBalance) => ({
  sponsored: credits.by_plan.sponsored ?? 0,
  featured: credits.by_plan.featured ?? 0,
  on_hold: credits.on_hold,
});
const balance = async (who: Person) =>
  counted(((await api("/api/company/credits", who)).body as { credits: CreditBalance }).credits);
const overview = async (who: Person = owner) =>
  (await api("/api/company/invoices", who)).body as unknown as BillingOverview;

/** Posts a listing on `plan`, paying with a credit when `useCredit`. */
const submit = (who: Person, plan: string, useCredit?: boolean) =>
  callApi(routeFor("/api/listings"), {
    method: "POST",
    headers: bearer(who.token),
    body: {
      ...validSubmission(),
      company: { ...validSubmission().company, name: `Ledger Studio ${run}` },
      plan,
      ...(useCredit !== undefined && { use_credit: useCredit }),
    },
  });

const decide = (jobId: number, body: unknown) =>
  callApi(moderationHandler, {
    method: "POST",
    params: { listingId: String(jobId) },
    headers: bearer(moderator.token),
    body,
  });

const creditsOf = (company: number) =>
  handle.db.select().from(listingCredits).where(eq(listingCredits.companyId, company));
const jobRow = async (id: number) =>
  (await handle.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const invoiceCount = async () =>
  Number((await handle.db.select({ n: sql<number>`count(*)` }).from(invoices))[0]!.n);

/** Leaves the company with no usable credit, so each test starts from what it buys. */
async function spendAllCredits() {
  await handle.db
    .update(listingCredits)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(listingCredits.companyId, companyId),
        sql`${listingCredits.spentAt} is null and ${listingCredits.revokedAt} is null`,
      ),
    );
}

beforeEach(spendAllCredits);

describe("packs", () => {
  it("sells a pack on an invoice due by transfer, and its credits are there at once", async () => {
    const bought = await buy(buyer(), "sponsored-3");
    expect(bought.status).toBe(200);
    const {
      invoice,
      checkout_url,
      balance: after,
    } = bought.body as {
      invoice: InvoiceSummary;
      checkout_url: null;
      balance: Record<string, number>;
    };
    expect(checkout_url).toBeNull();
    expect(invoice).toMatchObject({
      kind: "invoice",
      number: expect.stringMatching(/^\d{4}-\d{6}$/),
      purpose: "pack",
      status: "due",
      currency: "usd",
      subtotal_minor: 49_900,
      tax_minor: 0,
      total_minor: 49_900,
      description: "3 Sponsored listings, valid 12 months",
    });
    // Due on the board's default terms: 14 days.
    const due = new Date(invoice.due_at!).getTime() - new Date(invoice.issued_at).getTime();
    expect(due).toBe(14 * 24 * 60 * 60 * 1000);
    expect(counted(after as unknown as CreditBalance)).toMatchObject({ sponsored: 3, featured: 0 });
    const credits = (await creditsOf(companyId)).filter((c) => c.spentAt === null && !c.revokedAt);
    expect(credits).toHaveLength(3);
    const months = (credits[0]!.expiresAt!.getTime() - credits[0]!.purchasedAt.getTime()) / 864e5;
    expect(months).toBeGreaterThanOrEqual(365);
    expect(months).toBeLessThanOrEqual(366);
  });

  it("refuses a pack that does not exist with 422, and stores nothing", async () => {
    const before = await invoiceCount();
    const refused = await buy(buyer(), "sponsored-99");
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ errors: { pack: [expect.any(String)] } });
    expect(await invoiceCount()).toBe(before);
  });

  it("refuses a body with a key beyond the pack's, __proto__ included, and stores nothing", async () => {
    const before = await invoiceCount();
    const refused = await callApi(routeFor("/api/company/packs"), {
      method: "POST",
      headers: { ...bearer(buyer().token), "content-type": "application/json" },
      raw: '{"pack":"sponsored-3","__proto__":{"paid":true}}',
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toHaveProperty("errors");
    expect(await invoiceCount()).toBe(before);
  });

  it("lets recruiters spend credits but not buy them, nor read the invoices", async () => {
    expect((await buy(recruiter, "sponsored-3")).status).toBe(403);
    expect((await api("/api/company/invoices", recruiter)).status).toBe(403);
    expect((await api("/api/company/credits", recruiter)).status).toBe(200);
  });

  it("numbers 20 packs bought at once consecutively, with no gap and no duplicate", async () => {
    const [user] = await handle.db.select().from(users).where(eq(users.id, owner.userId));
    const member = (await membershipOf(handle.db, owner.userId))!;
    const bought = await Promise.all(
      Array.from({ length: 20 }, () =>
        buyPack(handle.db, { user: user!, member }, "sponsored-3", "https://board.example"),
      ),
    );
    const sequences = bought
      .map((purchase) => Number(purchase.invoice!.number.split("-")[1]))
      .sort((a, b) => a - b);
    expect(sequences.at(-1)! - sequences[0]!).toBe(19);
    expect(new Set(sequences).size).toBe(20);
    const credits = await handle.db
      .select()
      .from(listingCredits)
      .where(
        sql`${listingCredits.invoiceId} in (${sql.join(
          bought.map((p) => sql`${p.invoice!.id}`),
          sql`, `,
        )})`,
      );
    expect(credits).toHaveLength(60);
  });
});

describe("spending credits", () => {
  it("posts a listing with a credit: paid, no invoice, the oldest credit spent", async () => {
    await buy(buyer(), "sponsored-3");
    // An older pack: its credits expire first, so they go first.
    const older = (await buy(buyer(), "sponsored-3")).body as { invoice: InvoiceSummary };
    await handle.db
      .update(listingCredits)
      .set({ expiresAt: new Date(Date.now() + 30 * 864e5) })
      .where(eq(listingCredits.invoiceId, older.invoice.id));
    const invoicesBefore = await invoiceCount();
    const posted = await submit(poster(), "sponsored", true);
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ payment_status: "paid", state: "in_review" });
    expect(await invoiceCount()).toBe(invoicesBefore);
    const id = (posted.body as { id: number }).id;
    const [spent] = await handle.db
      .select()
      .from(listingCredits)
      .where(eq(listingCredits.jobId, id));
    expect(spent).toMatchObject({ invoiceId: older.invoice.id, spentOn: "listing" });
    expect(await balance(recruiter)).toMatchObject({ sponsored: 5 });
  });

  it("answers 409 with no credit of the plan, and posts nothing", async () => {
    await buy(buyer(), "sponsored-3");
    const before = await handle.db.select({ id: jobs.id }).from(jobs);
    const refused = await submit(poster(), "featured", true);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: expect.stringContaining("No Featured credit is left"),
    });
    expect(await handle.db.select({ id: jobs.id }).from(jobs)).toHaveLength(before.length);
  });

  it("never spends another company's credits, nor an expired one", async () => {
    await buy(buyer(), "featured-3");
    expect((await submit(rival, "featured", true)).status).toBe(409);
    await handle.db
      .update(listingCredits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(listingCredits.companyId, companyId));
    expect((await submit(poster(), "featured", true)).status).toBe(409);
    expect(await balance(owner)).toMatchObject({ featured: 0 });
  });

  it("gives the last credit to one of two members spending it at once", async () => {
    const bought = (await buy(buyer(), "featured-3")).body as { invoice: InvoiceSummary };
    const credits = await handle.db
      .select()
      .from(listingCredits)
      .where(eq(listingCredits.invoiceId, bought.invoice.id));
    await handle.db
      .update(listingCredits)
      .set({ revokedAt: new Date() })
      .where(sql`${listingCredits.id} in (${credits[0]!.id}, ${credits[1]!.id})`);
    const answers = await Promise.all([
      submit(poster(), "featured", true),
      submit(admin, "featured", true),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await balance(owner)).toMatchObject({ featured: 0 });
  });

  it("gives a credit back once when its listing is not approved", async () => {
    await buy(buyer(), "sponsored-3");
    const id = ((await submit(poster(), "sponsored", true)).body as { id: number }).id;
    expect(await balance(owner)).toMatchObject({ sponsored: 2 });
    expect((await decide(id, { decision: "reject", reason: "Name the pay." })).status).toBe(200);
    expect(await balance(owner)).toMatchObject({ sponsored: 3 });
    expect(await jobRow(id)).toMatchObject({ status: "rejected", paymentStatus: "none" });
    const credits = await overview();
    expect(credits.credits.filter((credit) => credit.returned)).toHaveLength(1);

    // Edited and sent again, it pays again: with a credit, as the company has some.
    const resent = await callApi(listingHandler, {
      method: "PATCH",
      params: { listingId: String(id) },
      headers: bearer(recruiter.token),
      body: { job: validSubmission().job },
    });
    expect(resent.body).toMatchObject({ outcome: "resubmitted" });
    expect(await jobRow(id)).toMatchObject({ status: "pending", paymentStatus: "paid" });
    expect(await balance(owner)).toMatchObject({ sponsored: 2 });

    // Refused again: the credit given back once already stays spent.
    await decide(id, { decision: "reject", reason: "Still no pay." });
    const given = await handle.db.select().from(listingCredits).where(eq(listingCredits.jobId, id));
    expect(given).toHaveLength(1);
    expect(given[0]!.returnedAt).not.toBeNull();
    expect(await balance(owner)).toMatchObject({ sponsored: 2 });
  });

  it("does not give a credit back when a live listing is withdrawn", async () => {
    await buy(buyer(), "sponsored-3");
    const id = ((await submit(poster(), "sponsored", true)).body as { id: number }).id;
    expect((await decide(id, { decision: "approve" })).status).toBe(200);
    const withdrawn = await api(
      "/api/listings/{listingId}/withdraw",
      recruiter,
      { method: "POST" },
      { listingId: id },
    );
    expect(withdrawn.status).toBe(200);
    expect(await balance(owner)).toMatchObject({ sponsored: 2 });
  });
});

describe("paying by invoice", () => {
  it("issues an invoice with a listing on a paid plan, which a moderator marks paid once", async () => {
    const posted = await submit(poster(), "featured");
    expect(posted.body).toMatchObject({ payment_status: "invoice_due" });
    const id = (posted.body as { id: number }).id;
    const mine = (await overview()).invoices.find((invoice) => invoice.job_id === id)!;
    expect(mine).toMatchObject({ purpose: "listing", status: "due", total_minor: 34_900 });

    const paid = await api(
      "/api/moderation/invoices/{invoiceId}/paid",
      moderator,
      { method: "POST" },
      { invoiceId: mine.id },
    );
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "paid", company: { id: companyId } });
    expect(await jobRow(id)).toMatchObject({ paymentStatus: "paid" });
    const again = await api(
      "/api/moderation/invoices/{invoiceId}/paid",
      moderator,
      { method: "POST" },
      { invoiceId: mine.id },
    );
    expect(again.status).toBe(409);
    expect(
      (
        await api(
          "/api/moderation/invoices/{invoiceId}/paid",
          owner,
          { method: "POST" },
          { invoiceId: mine.id },
        )
      ).status,
    ).toBe(403);
  });

  it("cancels the unpaid invoice of a listing not approved with a credit note", async () => {
    const id = ((await submit(poster(), "sponsored")).body as { id: number }).id;
    await decide(id, { decision: "reject", reason: "Name the pay." });
    const { invoices: listed } = await overview();
    const invoice = listed.find((row) => row.job_id === id && row.kind === "invoice")!;
    const note = listed.find(
      (row) => row.kind === "credit_note" && row.credits_invoice === invoice.number,
    )!;
    expect(invoice.status).toBe("credited");
    expect(note).toMatchObject({
      number: expect.stringMatching(/^CN-\d{4}-\d{6}$/),
      total_minor: -19_900,
      refund_status: "none",
    });
    expect(await jobRow(id)).toMatchObject({ paymentStatus: "none" });
  });

  it("adds the buyer country's tax, or the reverse charge for an EU business abroad", async () => {
    vi.stubEnv("BILLING_TAX_RATES", "DE:19, FR:20");
    vi.stubEnv("BILLING_SELLER_BANK", "IBAN DE89 3704 0044 0532 0130 00 | BIC COBADEFFXXX");
    const details = {
      legal_name: "Nordlicht Media GmbH",
      address_line1: "Torstraße 1",
      city: "Berlin",
      postal_code: "10119",
      country: "DE",
      vat_id: "DE136695976",
    };
    await api("/api/company/billing", owner, { method: "PUT", body: { billing: details } });
    const domestic = (await buy(buyer(), "featured-3")).body as { invoice: InvoiceSummary };
    expect(domestic.invoice).toMatchObject({
      subtotal_minor: 87_900,
      tax_minor: 16_701,
      total_minor: 104_601,
    });
    const french = {
      ...details,
      legal_name: "Lumière SARL",
      city: "Paris",
      country: "FR",
      vat_id: "FR40303265045",
    };
    await api("/api/company/billing", owner, { method: "PUT", body: { billing: french } });
    const abroad = (await buy(buyer(), "featured-3")).body as { invoice: InvoiceSummary };
    expect(abroad.invoice).toMatchObject({ tax_minor: 0, total_minor: 87_900 });
    const [row] = await handle.db.select().from(invoices).where(eq(invoices.id, abroad.invoice.id));
    expect(row!.taxNote).toMatch(/^Reverse charge/);
    expect(row!.buyer).toMatchObject({
      name: "Lumière SARL",
      country: "FR",
      tax_id: "FR40303265045",
    });
    expect(row!.seller).toMatchObject({ country: "DE", tax_id: "DE136695976" });
    expect(row!.lines[0]).toMatchObject({ currency: "usd", tax_rate_bp: 0, tax_minor: 0 });

    const pdf = await api(
      "/api/company/invoices/{invoiceId}/pdf",
      admin,
      {},
      { invoiceId: row!.id },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["cache-control"]).toBe("private, no-store");
    const [page] = await pdfText(pdf.bytes);
    for (const text of [
      row!.number,
      "Lumière SARL",
      "FR40303265045",
      "DE136695976",
      "Reverse charge",
      "3 Featured listings",
      "$879.00",
      "Pay by bank transfer to:",
      "IBAN DE89 3704 0044 0532 0130 00",
      "BIC COBADEFFXXX",
      `Payment reference: ${row!.number}`,
    ]) {
      expect(page).toContain(text);
    }
    vi.stubEnv("BILLING_TAX_RATES", "");
    vi.stubEnv("BILLING_SELLER_BANK", SAMPLE_BANK);
  });

  it("prints the buyer's address in its country's order: town, then postcode, in the UK", async () => {
    const details = {
      legal_name: "Northern Quarter Studios Ltd",
      address_line1: "12 Oldham Street",
      address_line2: "Unit 4",
      city: "Manchester",
      postal_code: "M4 6DE",
      country: "GB",
    };
    await api("/api/company/billing", owner, { method: "PUT", body: { billing: details } });
    const bought = (await buy(buyer(), "featured-3")).body as { invoice: InvoiceSummary };
    const [row] = await handle.db.select().from(invoices).where(eq(invoices.id, bought.invoice.id));
    expect(row!.buyer.address).toEqual(["12 Oldham Street", "Unit 4", "Manchester", "M4 6DE"]);
    const pdf = await api(
      "/api/company/invoices/{invoiceId}/pdf",
      admin,
      {},
      { invoiceId: row!.id },
    );
    const [page] = await pdfText(pdf.bytes);
    expect(page!.replace(/\s+/g, " ")).toContain(
      "Northern Quarter Studios Ltd 12 Oldham Street Unit 4 Manchester M4 6DE United Kingdom",
    );
  });

  it("quotes the purchase order reference on invoices issued after it is set, and their credit notes", async () => {
    const pdfOf = async (invoiceId: number) => {
      const pdf = await api("/api/company/invoices/{invoiceId}/pdf", admin, {}, { invoiceId });
      expect(pdf.status).toBe(200);
      return (await pdfText(pdf.bytes)).join("\n").replace(/\s+/g, " ");
    };
    const rowOf = async (id: number) =>
      (await handle.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
    const details = {
      legal_name: "Nordlicht Media GmbH",
      address_line1: "Torstraße 1",
      city: "Berlin",
      postal_code: "10119",
      country: "DE",
    };
    await api("/api/company/billing", owner, { method: "PUT", body: { billing: details } });
    const before = (await buy(buyer(), "sponsored-3")).body as { invoice: InvoiceSummary };
    const earlier = await rowOf(before.invoice.id);
    expect(earlier.buyer).not.toHaveProperty("purchase_order");

    const set = await api("/api/company/billing", owner, {
      method: "PUT",
      body: { billing: { ...details, purchase_order: " PO-2291 " } },
    });
    expect(set.body).toMatchObject({ billing: { purchase_order: "PO-2291" } });
    const after = (await buy(buyer(), "sponsored-3")).body as { invoice: InvoiceSummary };
    expect((await rowOf(after.invoice.id)).buyer).toMatchObject({
      name: "Nordlicht Media GmbH",
      purchase_order: "PO-2291",
    });
    expect(await pdfOf(after.invoice.id)).toContain("Your reference: PO-2291 Description");
    // The invoice issued before is as it was, in its row and its PDF.
    expect(await rowOf(before.invoice.id)).toEqual(earlier);
    expect(await pdfOf(before.invoice.id)).not.toContain("Your reference");

    // A credit note copies its invoice's buyer, reference and all, even once it has changed.
    await api("/api/company/billing", owner, {
      method: "PUT",
      body: { billing: { ...details, purchase_order: "PO-3000" } },
    });
    const refunded = await api(
      "/api/moderation/invoices/{invoiceId}/refund",
      moderator,
      { method: "POST", body: { reason: "Bought twice" } },
      { invoiceId: after.invoice.id },
    );
    expect(refunded.status).toBe(200);
    const note = (refunded.body as { credit_note: InvoiceSummary }).credit_note;
    expect((await rowOf(note.id)).buyer).toMatchObject({ purchase_order: "PO-2291" });
    expect(await pdfOf(note.id)).toContain("Your reference: PO-2291");

    // Cleared, the next invoice quotes none.
    await api("/api/company/billing", owner, { method: "PUT", body: { billing: details } });
    const cleared = (await buy(buyer(), "sponsored-3")).body as { invoice: InvoiceSummary };
    expect((await rowOf(cleared.invoice.id)).buyer).not.toHaveProperty("purchase_order");
  });

  it("serves an invoice's PDF to its company's owner and admins only", async () => {
    const { invoice } = (await buy(buyer(), "sponsored-3")).body as { invoice: InvoiceSummary };
    const pdfOf = (who: Person) =>
      api("/api/company/invoices/{invoiceId}/pdf", who, {}, { invoiceId: invoice.id });
    expect((await pdfOf(owner)).status).toBe(200);
    expect((await pdfOf(recruiter)).status).toBe(403);
    expect((await pdfOf(rival)).status).toBe(404);
    const moderated = await api(
      "/api/moderation/invoices/{invoiceId}/pdf",
      moderator,
      {},
      { invoiceId: invoice.id },
    );
    expect(moderated.status).toBe(200);
    expect(
      (await api("/api/moderation/invoices/{invoiceId}/pdf", owner, {}, { invoiceId: invoice.id }))
        .status,
    ).toBe(403);
  });

  it("lets a moderator set a company's terms: 30 days on its next invoice", async () => {
    const set = await api(
      "/api/moderation/companies/{companyId}/terms",
      moderator,
      { method: "PUT", body: { days: 30 } },
      { companyId },
    );
    expect(set).toMatchObject({ status: 200, body: { company_id: companyId, terms_days: 30 } });
    const { invoice } = (await buy(buyer(), "sponsored-3")).body as { invoice: InvoiceSummary };
    const due = new Date(invoice.due_at!).getTime() - new Date(invoice.issued_at).getTime();
    expect(due).toBe(30 * 864e5);
    expect((await overview()).payment).toEqual({
      pays_by: "transfer",
      terms_days: 30,
      transfer_ready: true,
    });
    const bad = await api(
      "/api/moderation/companies/{companyId}/terms",
      moderator,
      { method: "PUT", body: { days: 7 } },
      { companyId },
    );
    expect(bad.status).toBe(422);
    await api(
      "/api/moderation/companies/{companyId}/terms",
      moderator,
      { method: "PUT", body: { days: null } },
      { companyId },
    );
  });
});

describe("the board's bank (issue 61)", () => {
  it("sells nothing on invoice, 409 and why, until the seller's bank details are set", async () => {
    vi.stubEnv("BILLING_SELLER_BANK", "");
    try {
      const before = await handle.db.$count(invoices);
      const pack = await buy(buyer(), "sponsored-3");
      expect(pack.status).toBe(409);
      expect(pack.body).toMatchObject({
        error: expect.stringMatching(/bank details are not set up/),
      });
      const listing = await submit(poster(), "sponsored", false);
      expect(listing.status).toBe(409);
      expect(JSON.stringify(listing.body)).toMatch(/bank details are not set up/);
      expect(await handle.db.$count(invoices)).toBe(before);
      expect((await overview()).payment).toMatchObject({
        pays_by: "transfer",
        transfer_ready: false,
      });
    } finally {
      vi.stubEnv("BILLING_SELLER_BANK", SAMPLE_BANK);
    }
    expect((await overview()).payment).toMatchObject({ transfer_ready: true });
    expect((await buy(buyer(), "sponsored-3")).status).toBe(200);
  });
});

describe("the billing contact (issue 61)", () => {
  const contact = (who: Person, email?: unknown) =>
    api(
      "/api/company/billing-contact",
      who,
      email === undefined ? {} : { method: "PUT", body: { email } },
    );

  it("lets the owner and admins set where invoices are mailed, refusing an address that is none", async () => {
    expect((await contact(owner)).body).toEqual({ contact: { email: null } });
    const bad = await contact(admin, "accounts at ledger");
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors)).toEqual(["email"]);
    const accounts = `accounts-${run}@ledger.example`;
    const set = await contact(admin, accounts);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ contact: { email: accounts } });
    expect((await contact(owner)).body).toEqual({ contact: { email: accounts } });
    const [row] = await handle.db
      .select({ billingEmail: companies.billingEmail })
      .from(companies)
      .where(eq(companies.id, companyId));
    expect(row!.billingEmail).toBe(accounts);
    const audited = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "company.billing_contact"), eq(auditLog.subjectId, companyId)),
      );
    expect(audited.at(-1)!.detail).toEqual({ email: accounts });
    // Blank clears it: invoices go to the owner and admins again.
    expect((await contact(owner, "")).body).toEqual({ contact: { email: null } });
  });

  it("is not another company's, nor a recruiter's, to read or set", async () => {
    await contact(owner, `books-${run}@ledger.example`);
    // The rival's calls reach its own company only: ours is neither read nor changed.
    expect((await contact(rival)).body).toEqual({ contact: { email: null } });
    expect((await contact(rival, `thief-${run}@rival.example`)).status).toBe(200);
    expect((await contact(owner)).body).toEqual({
      contact: { email: `books-${run}@ledger.example` },
    });
    expect((await contact(recruiter)).status).toBe(403);
    expect((await contact(recruiter, `r-${run}@ledger.example`)).status).toBe(403);
    const outsider = await person(handle.db, `bill-out-${run}`, `out-${run}@else.example`, "Out");
    expect((await contact(outsider)).status).toBe(404);
    await contact(owner, "");
  });
});

describe("upgrades", () => {
  async function liveStandard() {
    const { jobId } = await postListing(handle.db, owner, `Ledger Studio ${run}`);
    expect((await decide(jobId, { decision: "approve" })).status).toBe(200);
    return jobId;
  }
  const upgrade = (id: number, body: unknown) =>
    api(
      "/api/listings/{listingId}/upgrade",
      recruiter,
      { method: "POST", body },
      { listingId: id },
    );

  it("upgrades a live Standard listing with a credit, its end unchanged", async () => {
    await buy(buyer(), "featured-3");
    const id = await liveStandard();
    const before = await jobRow(id);
    const upgraded = await upgrade(id, { plan: "featured", use_credit: true });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toMatchObject({ checkout_url: null, listing: { plan: "featured" } });
    expect(await jobRow(id)).toMatchObject({
      plan: "featured",
      sponsored: true,
      expiresAt: before.expiresAt,
    });
    expect(await balance(owner)).toMatchObject({ featured: 2 });
    // Featured is the dearest plan: nothing is worth more (422 on plan), nor is Sponsored.
    for (const plan of ["featured", "sponsored"]) {
      const again = await upgrade(id, { plan, use_credit: true });
      expect(again.status).toBe(422);
      expect(again.body).toMatchObject({ errors: { plan: [expect.stringMatching(/worth more/)] } });
    }
  });

  it("invoices the difference without a credit", async () => {
    const id = await liveStandard();
    expect((await upgrade(id, { plan: "sponsored" })).status).toBe(200);
    const invoice = (await overview()).invoices.find(
      (row) => row.job_id === id && row.purpose === "upgrade",
    );
    expect(invoice).toMatchObject({ total_minor: 19_900, status: "due" });
  });

  it("refuses a listing that is not live, a plan that is none, and another company's", async () => {
    const pending = ((await submit(poster(), "standard")).body as { id: number }).id;
    expect((await upgrade(pending, { plan: "sponsored" })).status).toBe(409);
    const id = await liveStandard();
    expect((await upgrade(id, { plan: "gold" })).status).toBe(422);
    const theirs = await api(
      "/api/listings/{listingId}/upgrade",
      rival,
      { method: "POST", body: { plan: "sponsored" } },
      { listingId: id },
    );
    expect(theirs.status).toBe(404);
    expect((await jobRow(id)).plan).toBe("standard");
  });
});

describe("money owed", () => {
  // A company of its own, on the default limit (zero), with an admin who buys and a recruiter.
  let debtor: Person;
  let debtorAdmin: Person;
  let debtorRecruiter: Person;
  let debtorId: number;
  const name = `Owing Studio ${run}`;

  beforeAll(async () => {
    debtor = await person(handle.db, `bill-debtor-${run}`, `debtor-${run}@billing.example`, "D");
    debtorRecruiter = await person(
      handle.db,
      `bill-debtor-r-${run}`,
      `debtor-r-${run}@billing.example`,
      "DR",
    );
    // The owner buys 22 packs, and is then out of purchases for a while: the admin buys on.
    debtorAdmin = await person(
      handle.db,
      `bill-debtor-a-${run}`,
      `debtor-a-${run}@billing.example`,
      "DA",
    );
    ({ companyId: debtorId } = await postListing(handle.db, debtor, name));
    await join(handle.db, debtorId, debtorRecruiter, "recruiter");
    await join(handle.db, debtorId, debtorAdmin, "admin");
  }, 60_000);

  const post = (who: Person, plan: string, useCredit?: boolean) =>
    callApi(routeFor("/api/listings"), {
      method: "POST",
      headers: bearer(who.token),
      body: {
        ...validSubmission(),
        company: { ...validSubmission().company, name },
        plan,
        ...(useCredit !== undefined && { use_credit: useCredit }),
      },
    });
  const markPaid = (invoiceId: number) =>
    api("/api/moderation/invoices/{invoiceId}/paid", moderator, { method: "POST" }, { invoiceId });
  const setLimit = (limitMinor: unknown, who: Person = moderator) =>
    api(
      "/api/moderation/companies/{companyId}/credit-limit",
      who,
      { method: "PUT", body: { limit_minor: limitMinor } },
      { companyId: debtorId },
    );
  const unpaidOf = () =>
    handle.db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.companyId, debtorId),
          sql`${invoices.paidAt} is null and ${invoices.creditedMinor} = 0`,
        ),
      );
  /** Settles every invoice of the company, so a test starts owing nothing. */
  const payAll = () =>
    handle.db
      .update(invoices)
      .set({ paidAt: new Date() })
      .where(and(eq(invoices.companyId, debtorId), sql`${invoices.paidAt} is null`));

  it("gives nothing to spend from 22 packs bought on invoice with a zero limit, until one is paid", async () => {
    const answers = [];
    for (let i = 0; i < 22; i += 1) answers.push(await buy(debtor, "featured-10"));
    const bought = answers.filter((answer) => answer.status === 200);
    // Buying is rate limited per person: 20 go through.
    expect(bought).toHaveLength(20);
    expect(answers.slice(20).map((answer) => answer.status)).toEqual([429, 429]);
    expect(await balance(debtor)).toMatchObject({ featured: 0, on_hold: 200 });
    const refused = await post(debtorRecruiter, "featured", true);
    expect(refused.status).toBe(409);
    expect(refused.body!.error).toMatch(/can be used once its invoice is paid/);
    const { standing, credits } = await overview(debtor);
    expect(standing).toMatchObject({
      limit_minor: 0,
      outstanding_minor: 20 * 249_000,
      in_use_minor: 0,
      overdue_invoice: null,
    });
    expect(credits.every((credit) => credit.state === "on_hold")).toBe(true);

    // Paid, one pack's ten credits can be spent; the others still wait.
    const first = (bought[0]!.body as { invoice: InvoiceSummary }).invoice;
    expect((await markPaid(first.id)).status).toBe(200);
    expect(await balance(debtor)).toMatchObject({ featured: 10, on_hold: 190 });
    const posted = await post(debtorRecruiter, "featured", true);
    expect(posted.status).toBe(201);
    const [spent] = await handle.db
      .select()
      .from(listingCredits)
      .where(eq(listingCredits.jobId, (posted.body as { id: number }).id));
    expect(spent!.invoiceId).toBe(first.id);
    // Cancel the rest, so the next tests start clean.
    await handle.db
      .update(invoices)
      .set({ creditedMinor: sql`${invoices.totalMinor}` })
      .where(and(eq(invoices.companyId, debtorId), sql`${invoices.paidAt} is null`));
    await handle.db
      .update(listingCredits)
      .set({ revokedAt: new Date() })
      .where(and(eq(listingCredits.companyId, debtorId), sql`${listingCredits.spentAt} is null`));
  }, 120_000);

  it("lets a moderator set the limit, within which unpaid credits are spent and no further", async () => {
    expect((await setLimit(20_000, debtor)).status).toBe(403);
    expect((await setLimit(-1)).status).toBe(422);
    expect((await setLimit("lots")).status).toBe(422);
    const set = await setLimit(20_000);
    expect(set).toMatchObject({ status: 200, body: { company_id: debtorId, limit_minor: 20_000 } });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "company.credit_limit"), eq(auditLog.subjectId, debtorId)));
    expect(entry).toMatchObject({ detail: { limit_minor: 20_000 } });

    // $499 for 3: each credit is $166.34 of the limit; one fits in $200, two do not.
    const pack = ((await buy(debtorAdmin, "sponsored-3")).body as { invoice: InvoiceSummary })
      .invoice;
    expect(await balance(debtor)).toMatchObject({ sponsored: 1, on_hold: 2 });
    // Two members spending at once: one gets the credit, the other is told why not.
    const both = await Promise.all([
      post(debtorRecruiter, "sponsored", true),
      post(debtor, "sponsored", true),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await overview(debtor)).standing).toMatchObject({
      limit_minor: 20_000,
      in_use_minor: 16_634,
      outstanding_minor: 49_900,
    });
    expect((await post(debtorRecruiter, "sponsored", true)).status).toBe(409);
    // Paid, its share is no longer owed: the other two are usable.
    await markPaid(pack.id);
    expect(await balance(debtor)).toMatchObject({ sponsored: 2, on_hold: 0 });
    expect((await overview(debtor)).standing).toMatchObject({ in_use_minor: 0 });
  }, 60_000);

  it("applies an upgrade on invoice beyond the limit once it is paid, and one at a time", async () => {
    await setLimit(0);
    const { jobId } = await postListing(handle.db, debtor, name);
    expect((await decide(jobId, { decision: "approve" })).status).toBe(200);
    const upgrade = (body: unknown) =>
      api(
        "/api/listings/{listingId}/upgrade",
        debtorRecruiter,
        { method: "POST", body },
        { listingId: jobId },
      );
    const asked = await upgrade({ plan: "sponsored" });
    expect(asked).toMatchObject({ status: 200, body: { listing: { plan: "standard" } } });
    const [invoice] = (await unpaidOf()).filter((row) => row.jobId === jobId);
    expect(invoice).toMatchObject({ purpose: "upgrade", item: "sponsored", totalMinor: 19_900 });
    expect((await jobRow(jobId)).plan).toBe("standard");
    // A second upgrade while the first waits is refused.
    expect((await upgrade({ plan: "featured" })).status).toBe(409);
    expect((await markPaid(invoice!.id)).status).toBe(200);
    expect(await jobRow(jobId)).toMatchObject({ plan: "sponsored", sponsored: true });

    // Within a limit it applies at once, and counts as used until paid.
    await setLimit(50_000);
    const { jobId: next } = await postListing(handle.db, debtor, name);
    await decide(next, { decision: "approve" });
    const now = await api(
      "/api/listings/{listingId}/upgrade",
      debtorRecruiter,
      { method: "POST", body: { plan: "featured" } },
      { listingId: next },
    );
    expect(now.body).toMatchObject({ listing: { plan: "featured" } });
    expect((await overview(debtor)).standing).toMatchObject({ in_use_minor: 34_900 });
    await payAll();
  }, 60_000);

  it("stops spending, upgrades and orders on invoice while an invoice is overdue", async () => {
    await setLimit(0);
    const paidPack = ((await buy(debtorAdmin, "featured-3")).body as { invoice: InvoiceSummary })
      .invoice;
    await markPaid(paidPack.id);
    expect(await balance(debtor)).toMatchObject({ featured: 3 });
    const { jobId: live } = await postListing(handle.db, debtor, name);
    await decide(live, { decision: "approve" });
    // A listing on invoice, its invoice now past its due date.
    const owed = await post(debtorRecruiter, "sponsored");
    expect(owed.body).toMatchObject({ payment_status: "invoice_due" });
    const [late] = (await unpaidOf()).filter(
      (row) => row.jobId === (owed.body as { id: number }).id,
    );
    await handle.db
      .update(invoices)
      .set({ dueAt: new Date(Date.now() - 864e5) })
      .where(eq(invoices.id, late!.id));

    const message = new RegExp(`Invoice ${late!.number} is overdue`);
    const jobsBefore = await handle.db.select({ id: jobs.id }).from(jobs);
    const spend = await post(debtorRecruiter, "featured", true);
    expect(spend).toMatchObject({ status: 409, body: { error: expect.stringMatching(message) } });
    const onInvoice = await post(debtorRecruiter, "featured");
    expect(onInvoice).toMatchObject({
      status: 409,
      body: { error: expect.stringMatching(message) },
    });
    expect(await handle.db.select({ id: jobs.id }).from(jobs)).toHaveLength(jobsBefore.length);
    const upgrade = (body: unknown) =>
      api(
        "/api/listings/{listingId}/upgrade",
        debtorRecruiter,
        { method: "POST", body },
        { listingId: live },
      );
    expect((await upgrade({ plan: "featured", use_credit: true })).status).toBe(409);
    expect((await upgrade({ plan: "sponsored" })).status).toBe(409);
    const before = await invoiceCount();
    expect((await buy(debtorAdmin, "sponsored-3")).status).toBe(409);
    expect(await invoiceCount()).toBe(before);
    // Every credit waits: these 3 and the 2 Sponsored left from the test before.
    expect(await balance(debtor)).toMatchObject({ sponsored: 0, featured: 0, on_hold: 5 });
    expect((await overview(debtor)).standing).toMatchObject({
      overdue_invoice: late!.number,
      overdue_minor: late!.totalMinor,
    });
    // Moderators see what the company owes beside its invoices.
    const listed = await api("/api/moderation/invoices", moderator, {
      query: { status: "overdue", company: String(debtorId) },
    });
    expect(
      (listed.body as { invoices: { company: { standing: unknown } }[] }).invoices[0]!.company
        .standing,
    ).toMatchObject({ overdue_invoice: late!.number, limit_minor: 0 });

    // Paid, the company spends again.
    await markPaid(late!.id);
    expect((await upgrade({ plan: "featured", use_credit: true })).status).toBe(200);
  }, 60_000);
});

describe("refunds", () => {
  const refund = (invoiceId: number, reason = "The client asked") =>
    api(
      "/api/moderation/invoices/{invoiceId}/refund",
      moderator,
      { method: "POST", body: { reason } },
      { invoiceId },
    );

  it("refunds a pack's unused credits with a credit note in its own series, once", async () => {
    const { invoice } = (await buy(buyer(), "sponsored-3")).body as { invoice: InvoiceSummary };
    await submit(poster(), "sponsored", true);
    const refunded = await refund(invoice.id);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({
      revoked_credits: 2,
      credit_note: {
        kind: "credit_note",
        number: expect.stringMatching(/^CN-\d{4}-\d{6}$/),
        credits_invoice: invoice.number,
        total_minor: -33_267,
        refund_status: "none",
      },
    });
    expect(await balance(owner)).toMatchObject({ sponsored: 0 });
    expect((await refund(invoice.id)).status).toBe(409);
    expect((await refund(invoice.id + 100_000)).status).toBe(404);
    expect(
      (
        await api(
          "/api/moderation/invoices/{invoiceId}/refund",
          owner,
          { method: "POST", body: { reason: "Me" } },
          { invoiceId: invoice.id },
        )
      ).status,
    ).toBe(403);
  });

  it("refuses a pack whose credits are all spent", async () => {
    const { invoice } = (await buy(buyer(), "sponsored-3")).body as { invoice: InvoiceSummary };
    for (let i = 0; i < 3; i += 1)
      expect((await submit(poster(), "sponsored", true)).status).toBe(201);
    expect((await refund(invoice.id)).status).toBe(409);
  });

  it("lists unpaid and overdue invoices to moderators only", async () => {
    const { invoice } = (await buy(buyer(), "sponsored-3")).body as { invoice: InvoiceSummary };
    await handle.db
      .update(invoices)
      .set({ dueAt: new Date(Date.now() - 864e5) })
      .where(eq(invoices.id, invoice.id));
    const overdue = await api("/api/moderation/invoices", moderator, {
      query: { status: "overdue" },
    });
    expect(overdue.status).toBe(200);
    const listed = (overdue.body as { invoices: { id: number; status: string }[] }).invoices;
    expect(listed.find((row) => row.id === invoice.id)).toMatchObject({ status: "overdue" });
    expect(listed.every((row) => row.status === "overdue")).toBe(true);
    expect((await api("/api/moderation/invoices", owner)).status).toBe(403);
    expect(
      (await api("/api/moderation/invoices", moderator, { query: { status: "late" } })).status,
    ).toBe(422);
  });
});
