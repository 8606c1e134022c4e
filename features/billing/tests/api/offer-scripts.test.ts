// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { InvoiceSummary } from "@/features/billing/api-schemas";
import type { Offer } from "@/features/billing/offer";
import { getQueue } from "@/lib/server/queue/queue";
import offerHandler from "@/pages/api/offer";
import packsHandler from "@/pages/api/moderation/offer/packs/index";
import plansHandler from "@/pages/api/moderation/offer/plans/index";
import { callApi } from "@/tests/api/call";
import { person, postListing, routeFor } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { textLines } from "@/tests/support/pdftotext";
import { renderedInvoiceMail } from "./mail-support";

/*
 * What the owner names in the console, in any script (issue 63): a plan in Japanese, packs in
 * Arabic and Polish come out as typed in the public offer, on the invoice, in its PDF and in the
 * mail that sends it.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR = `scripts-moderator-${run}@creatorjobs.example`;

const PLAN = { slug: `jp-${run}`, name: "注目の求人" };
const PACKS = [
  { slug: `ar-${run}`, name: "حزمة الإعلانات" },
  { slug: `pl-${run}`, name: "Pakiet „Żółć”" },
];

let moderator = "";

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  moderator = (await person(handle.db, `scripts-mod-${run}`, MODERATOR, "Mo")).token;
  await getQueue(handle);
});

afterAll(() => {
  vi.unstubAllEnvs();
});

describe("names in every script", () => {
  it("print as typed on the offer, the invoice, its PDF and its mail", async () => {
    const plan = await callApi(plansHandler, {
      method: "POST",
      headers: bearer(moderator),
      body: {
        slug: PLAN.slug,
        name: PLAN.name,
        price_minor: 29_900,
        days: 30,
        sponsored: true,
        recommended: false,
        summary: "求人を一番上に",
        includes: ["ニュースレターに掲載"],
      },
    });
    expect(plan.status).toBe(201);
    for (const pack of PACKS) {
      const made = await callApi(packsHandler, {
        method: "POST",
        headers: bearer(moderator),
        body: { ...pack, plan: PLAN.slug, listings: 3, price_minor: 79_900, credit_months: 12 },
      });
      expect(made.status).toBe(201);
    }

    const offer = (await callApi(offerHandler, {})).body as unknown as Offer;
    expect(offer.plans.find((p) => p.id === PLAN.slug)).toMatchObject({
      name: PLAN.name,
      summary: "求人を一番上に",
      includes: ["ニュースレターに掲載"],
    });
    expect(offer.packs.filter((p) => p.plan === PLAN.slug).map((p) => p.name)).toEqual(
      PACKS.map((pack) => pack.name),
    );

    const owner = await person(handle.db, `scripts-${run}`, `owner-${run}@scripts.example`, "O");
    await postListing(handle.db, owner, `Scripts Studio ${run}`);
    for (const pack of PACKS) {
      const bought = await callApi(routeFor("/api/company/packs"), {
        method: "POST",
        headers: bearer(owner.token),
        body: { pack: pack.slug },
      });
      expect(bought.status).toBe(200);
      const invoice = (bought.body as { invoice: InvoiceSummary }).invoice;
      const line = `${pack.name}, valid 12 months`;

      const pdf = await callApi(routeFor("/api/company/invoices/{invoiceId}/pdf"), {
        headers: bearer(owner.token),
        params: { invoiceId: String(invoice.id) },
      });
      expect(pdf.status).toBe(200);
      const lines = await textLines(pdf.bytes);
      expect(lines, JSON.stringify(lines)).toContain(line);

      const rendered = await renderedInvoiceMail(handle, invoice.number);
      expect(rendered.text).toContain(line);
      expect(rendered.html).toContain(line);
    }
  });
});
