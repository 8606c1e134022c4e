// @vitest-environment node
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { InvoiceSummary } from "@/features/billing/api-schemas";
import { invoices, jobs, listingCredits } from "@/lib/server/db/schema";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import { callApi } from "@/tests/api/call";
import { callAs, sessionOf, stripeCheckout } from "@/tests/api/stripe-checkout";
import { join, person, postListing, type Person } from "@/tests/api/team-suite";
import { validSubmission } from "@/tests/fixtures/job-submission";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { moderatorActorByEmail } from "@/lib/server/audit/moderator-actor";
import { consoleOffer, setPackRetired, updatePack } from "@/features/billing/server/offer-console";

/*
 * Billing with Stripe (issue 45), against the Stripe stand-in: Checkout collects the buyer's
 * address and VAT ID for packs, upgrades and listings; the paid event issues the invoice and
 * gives the credits, once, whatever is replayed or comes in another order; a refund goes to
 * Stripe under the credit note's key, once, and Stripe's refund events update it.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR = `moderator-${run}@creatorjobs.example`;

let owner: Person;
let admin: Person;
let moderator: Person;
let companyId: number;

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  owner = await person(handle.db, `sb-owner-${run}`, `owner-${run}@stripe.example`, "Owner");
  admin = await person(handle.db, `sb-admin-${run}`, `admin-${run}@stripe.example`, "Admin");
  moderator = await person(handle.db, `sb-mod-${run}`, MODERATOR, "Mo");
  ({ companyId } = await postListing(handle.db, owner, `Card Studio ${run}`));
  await join(handle.db, companyId, admin, "admin");
}, 120_000);

const api = callAs;
const { standIn, lastCheckout, paidEvent, deliver } = stripeCheckout(run);
const invoicesOf = (session: string) =>
  handle.db.select().from(invoices).where(eq(invoices.stripeSessionId, session));
const creditsOf = (invoiceId: number) =>
  handle.db.select().from(listingCredits).where(eq(listingCredits.invoiceId, invoiceId));

describe("a pack paid by card", () => {
  it("asks Checkout for the buyer's address and VAT ID, and gives nothing before payment", async () => {
    const bought = await api("/api/company/packs", admin, { pack: "featured-10" });
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({
      checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
      invoice: null,
    });
    const form = lastCheckout();
    expect(form.get("billing_address_collection")).toBe("required");
    expect(form.get("tax_id_collection[enabled]")).toBe("true");
    expect(form.get("customer_creation")).toBe("always");
    expect(form.get("metadata[kind]")).toBe("pack");
    expect(form.get("metadata[pack]")).toBe("featured-10");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("249000");
    expect(
      await invoicesOf(sessionOf((bought.body as { checkout_url: string }).checkout_url)),
    ).toEqual([]);
  });

  it("issues one paid invoice and the credits, whatever is replayed or comes twice", async () => {
    const bought = await api("/api/company/packs", admin, { pack: "sponsored-3" });
    const session = sessionOf((bought.body as { checkout_url: string }).checkout_url);
    const form = lastCheckout();
    const payload = paidEvent(form, session);
    const first = await deliver(payload);
    expect(first).toMatchObject({
      status: 200,
      body: { received: true, invoice: expect.any(String) },
    });
    // The same event again, and another event about the same payment.
    expect((await deliver(payload)).body).toMatchObject({ duplicate: true });
    const other = paidEvent(form, session, { type: "checkout.session.async_payment_succeeded" });
    expect((await deliver(other)).body).toEqual({ received: true });

    const [invoice, ...more] = await invoicesOf(session);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      purpose: "pack",
      paymentMethod: "stripe",
      totalMinor: 49_900,
      stripePaymentIntent: `pi_${session}`,
      buyer: { name: "Lindqvist Media AB", country: "SE", tax_id: "SE556677889901" },
    });
    expect(invoice!.paidAt).not.toBeNull();
    expect(await creditsOf(invoice!.id)).toHaveLength(3);
  });

  it("gives nothing for a payment of another amount", async () => {
    const bought = await api("/api/company/packs", admin, { pack: "sponsored-10" });
    const session = sessionOf((bought.body as { checkout_url: string }).checkout_url);
    await deliver(paidEvent(lastCheckout(), session, { amount: 100 }));
    expect(await invoicesOf(session)).toEqual([]);
  });

  it("refuses an event signed outside the tolerance, ahead of now as well as behind", async () => {
    const bought = await api("/api/company/packs", admin, { pack: "sponsored-3" });
    const session = sessionOf((bought.body as { checkout_url: string }).checkout_url);
    const payload = paidEvent(lastCheckout(), session);
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now + 86_400, now + 600, now - 600]) {
      expect(await deliver(payload, timestamp)).toMatchObject({
        status: 400,
        body: { error: "The webhook signature is not valid" },
      });
    }
    expect(await invoicesOf(session)).toEqual([]);
    // Within the tolerance either way, it is taken.
    expect((await deliver(payload, now + 60)).status).toBe(200);
    expect(await invoicesOf(session)).toHaveLength(1);
  });

  it("refunds the unused credits through Stripe, once, under the credit note's key", async () => {
    const bought = await api("/api/company/packs", admin, { pack: "sponsored-3" });
    const session = sessionOf((bought.body as { checkout_url: string }).checkout_url);
    await deliver(paidEvent(lastCheckout(), session));
    const [invoice] = await invoicesOf(session);
    const refunded = await api(
      "/api/moderation/invoices/{invoiceId}/refund",
      moderator,
      { reason: "Bought by mistake" },
      { invoiceId: invoice!.id },
    );
    expect(refunded.status).toBe(200);
    const note = (refunded.body as { credit_note: InvoiceSummary }).credit_note;
    expect(note).toMatchObject({ total_minor: -49_900, refund_status: "succeeded" });
    const calls = standIn().calls.filter((call) => call.path === "/v1/refunds");
    const sent = calls.at(-1)!;
    expect(sent.headers["idempotency-key"]).toBe(`refund:${note.id}`);
    expect(sent.form.get("payment_intent")).toBe(`pi_${session}`);
    expect(sent.form.get("amount")).toBe("49900");
    expect(sent.form.get("metadata[credit_note]")).toBe(note.number);

    // The upkeep task finds nothing left to send: no second refund.
    const count = calls.length;
    await TASK_HANDLERS["stripe-refunds"]({
      db: handle.db,
      boss: undefined as never,
      now: new Date(),
      data: {},
    });
    expect(standIn().calls.filter((call) => call.path === "/v1/refunds")).toHaveLength(count);

    // Stripe's later news of it, twice: the second changes nothing.
    const [row] = await handle.db.select().from(invoices).where(eq(invoices.id, note.id));
    const refundEvent = JSON.stringify({
      id: `evt_refund_${run}`,
      object: "event",
      type: "refund.updated",
      data: {
        object: { id: row!.stripeRefundId, object: "refund", status: "failed", metadata: {} },
      },
    });
    await deliver(refundEvent);
    expect((await deliver(refundEvent)).body).toMatchObject({ duplicate: true });
    const [after] = await handle.db.select().from(invoices).where(eq(invoices.id, note.id));
    expect(after!.refundStatus).toBe("failed");
  });

  it("keeps a refund pending when Stripe is down, and sends it from the upkeep task", async () => {
    const bought = await api("/api/company/packs", admin, { pack: "featured-3" });
    const session = sessionOf((bought.body as { checkout_url: string }).checkout_url);
    await deliver(paidEvent(lastCheckout(), session));
    const [invoice] = await invoicesOf(session);
    standIn().set("down");
    const refunded = await api(
      "/api/moderation/invoices/{invoiceId}/refund",
      moderator,
      { reason: "Bought by mistake" },
      { invoiceId: invoice!.id },
    );
    expect(refunded.status).toBe(200);
    const note = (refunded.body as { credit_note: InvoiceSummary }).credit_note;
    expect(note.refund_status).toBe("pending");
    standIn().set("up");
    const result = await TASK_HANDLERS["stripe-refunds"]({
      db: handle.db,
      boss: undefined as never,
      now: new Date(),
      data: {},
    });
    expect(result).toEqual({ sent: 1 });
    const [row] = await handle.db.select().from(invoices).where(eq(invoices.id, note.id));
    expect(row).toMatchObject({ refundStatus: "succeeded", stripeRefundId: expect.any(String) });
  });
});

describe("listings and upgrades paid by card", () => {
  it("invoices a listing's Checkout with its payment", async () => {
    const posted = await api("/api/listings", owner, {
      ...validSubmission(),
      company: { ...validSubmission().company, name: `Card Studio ${run}` },
      plan: "sponsored",
    });
    expect(posted.status).toBe(201);
    const id = (posted.body as { id: number }).id;
    const [job] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
    const answer = await deliver(paidEvent(lastCheckout(), job!.checkoutSessionId!));
    expect(answer.body).toMatchObject({ paid_job_id: id });
    const [invoice] = await invoicesOf(job!.checkoutSessionId!);
    expect(invoice).toMatchObject({ jobId: id, purpose: "listing", totalMinor: 19_900 });
  });

  it("upgrades a live listing once Stripe says the difference was paid", async () => {
    const { jobId } = await postListing(handle.db, owner, `Card Studio ${run}`);
    const approved = await callApi(moderationHandler, {
      method: "POST",
      params: { listingId: String(jobId) },
      headers: bearer(moderator.token),
      body: { decision: "approve" },
    });
    expect(approved.status).toBe(200);
    const upgrade = await api(
      "/api/listings/{listingId}/upgrade",
      owner,
      { plan: "featured" },
      { listingId: jobId },
    );
    expect(upgrade.body).toMatchObject({
      checkout_url: expect.any(String),
      listing: { plan: "standard" },
    });
    const form = lastCheckout();
    expect(form.get("metadata[kind]")).toBe("upgrade");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("34900");
    const payload = paidEvent(
      form,
      sessionOf((upgrade.body as { checkout_url: string }).checkout_url),
    );
    expect((await deliver(payload)).body).toMatchObject({ paid_job_id: jobId });
    expect((await deliver(payload)).body).toMatchObject({ duplicate: true });
    const [job] = await handle.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ plan: "featured", sponsored: true });
  });
});

describe("a price the owner changes (issue 63)", () => {
  const packPrice = async (slug: string, priceMinor: number) => {
    const pack = (await consoleOffer(handle.db)).packs.find((each) => each.slug === slug)!;
    const actor = await moderatorActorByEmail(handle.db, MODERATOR);
    await updatePack(handle.db, actor, slug, {
      plan: pack.plan,
      name: pack.name,
      listings: pack.listings,
      price_minor: priceMinor,
      credit_months: pack.credit_months,
    });
  };
  afterAll(() => packPrice("sponsored-3", 49_900));

  it("invoices a Checkout at the price it was quoted, though the price changed meanwhile", async () => {
    const bought = await api("/api/company/packs", admin, { pack: "sponsored-3" });
    const session = sessionOf((bought.body as { checkout_url: string }).checkout_url);
    const quoted = lastCheckout();
    await packPrice("sponsored-3", 59_900);
    await deliver(paidEvent(quoted, session));
    const [invoice] = await invoicesOf(session);
    expect(invoice).toMatchObject({ subtotalMinor: 49_900, totalMinor: 49_900 });
    expect(invoice!.lines).toEqual([
      expect.objectContaining({ description: "3 Sponsored listings, valid 12 months" }),
    ]);
    expect(await creditsOf(invoice!.id)).toHaveLength(3);
  });

  it("quotes the next order at the new price, and refuses its payment at the old one", async () => {
    await packPrice("sponsored-3", 59_900);
    const bought = await api("/api/company/packs", admin, { pack: "sponsored-3" });
    const session = sessionOf((bought.body as { checkout_url: string }).checkout_url);
    const form = lastCheckout();
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("59900");
    expect(JSON.parse(form.get("metadata[quote]")!)).toEqual({
      c: "usd",
      i: [["3 Sponsored listings, valid 12 months", 1, 59_900, "pack:sponsored-3"]],
    });
    await deliver(paidEvent(form, session, { amount: 49_900 }));
    expect(await invoicesOf(session)).toEqual([]);
    await deliver(paidEvent(form, session));
    expect(await invoicesOf(session)).toEqual([expect.objectContaining({ totalMinor: 59_900 })]);
  });

  it("holds a session without a quote to the offer as it stands", async () => {
    await packPrice("sponsored-3", 59_900);
    const bought = await api("/api/company/packs", admin, { pack: "sponsored-3" });
    const session = sessionOf((bought.body as { checkout_url: string }).checkout_url);
    const form = new URLSearchParams(lastCheckout());
    form.delete("metadata[quote]");
    await deliver(paidEvent(form, session, { amount: 49_900 }));
    expect(await invoicesOf(session)).toEqual([]);
    await deliver(paidEvent(form, session, { amount: 59_900, id: `evt_${run}_noquote` }));
    expect(await invoicesOf(session)).toHaveLength(1);
  });

  it("sells no retired pack, and keeps naming it on the invoices that sold it", async () => {
    const bought = await api("/api/company/packs", admin, { pack: "featured-3" });
    const session = sessionOf((bought.body as { checkout_url: string }).checkout_url);
    await deliver(paidEvent(lastCheckout(), session));
    const actor = await moderatorActorByEmail(handle.db, MODERATOR);
    await setPackRetired(handle.db, actor, "featured-3", true);
    try {
      const again = await api("/api/company/packs", admin, { pack: "featured-3" });
      expect(again).toMatchObject({
        status: 422,
        body: { errors: { pack: [expect.any(String)] } },
      });
      const [invoice] = await invoicesOf(session);
      expect(invoice!.item).toBe("featured-3");
      expect(invoice!.lines[0]!.description).toBe("3 Featured listings, valid 12 months");
      const overview = await api("/api/company/invoices", admin);
      const offer = (overview.body as { offer: { packs: { id: string; retired: boolean }[] } })
        .offer;
      expect(offer.packs.find((pack) => pack.id === "featured-3")).toMatchObject({
        retired: true,
      });
    } finally {
      await setPackRetired(handle.db, actor, "featured-3", false);
    }
  });
});
