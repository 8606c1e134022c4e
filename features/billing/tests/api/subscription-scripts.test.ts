// @vitest-environment node
import type { GetServerSidePropsContext } from "next";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { InvoiceSummary, SubscriptionPlanJson } from "@/features/billing/api-schemas";
import { companies } from "@/lib/server/db/schema";
import type { MailMessage } from "@/lib/server/mail/messages";
import { getQueue } from "@/lib/server/queue/queue";
import { renderMail } from "@/lib/server/worker/mail-templates";
import subscriptionPlansHandler from "@/pages/api/moderation/offer/subscription-plans/index";
import { getServerSideProps } from "@/pages/pricing";
import { callApi } from "@/tests/api/call";
import { person, postListing, routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { textLines } from "@/tests/support/pdftotext";
import { renderedInvoiceMail } from "./mail-support";

/*
 * Subscription plans named in any script (issue 63): a plan named in Japanese, Arabic or Polish
 * in the console comes out as typed on /pricing's data, in the billing API (the plans on sale,
 * the company's subscription, its invoice), in the invoice's PDF and in the mails that name it.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR = `subscripts-moderator-${run}@creatorjobs.example`;

const PLANS = [
  { script: "Japanese", slug: `jp-sub-${run}`, name: "求人スタンダード月額" },
  { script: "Arabic", slug: `ar-sub-${run}`, name: "الباقة الشهرية للإعلانات" },
  { script: "Polish", slug: `pl-sub-${run}`, name: "Abonament „Źdźbło” miesięczny" },
];

let moderator = "";
const owners: Person[] = [];

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
  moderator = (await person(handle.db, `subscripts-mod-${run}`, MODERATOR, "Mo")).token;
  const ids: number[] = [];
  for (const [index, plan] of PLANS.entries()) {
    const owner = await person(
      handle.db,
      `subscripts-${index}-${run}`,
      `owner-${index}-${run}@subscripts.example`,
      "O",
    );
    owners.push(owner);
    ids.push((await postListing(handle.db, owner, `${plan.script} Studio ${run}`)).companyId);
  }
  // On invoice: companies with payment terms.
  await handle.db
    .update(companies)
    .set({ invoiceTermsDays: 14, creditLimitMinor: 10_000_000 })
    .where(inArray(companies.id, ids));
  await getQueue(handle);
}, 120_000);

afterAll(() => vi.unstubAllEnvs());

const get = (path: string, who: Person, params: Record<string, string> = {}) =>
  callApi(routeFor(path), { headers: bearer(who.token), params });

describe("subscription plans named in every script", () => {
  it("are made in the console and offered on /pricing as typed", async () => {
    for (const plan of PLANS) {
      const made = await callApi(subscriptionPlansHandler, {
        method: "POST",
        headers: bearer(moderator),
        body: {
          slug: plan.slug,
          name: plan.name,
          interval: "month",
          price_minor: 39_900,
          listings: 2,
          plan: "sponsored",
          rollover: false,
        },
      });
      expect(made.status).toBe(201);
      expect(made.body).toMatchObject({ name: plan.name });
    }
    const page = await getServerSideProps({
      res: { setHeader: () => undefined },
    } as unknown as GetServerSidePropsContext);
    const props = "props" in page ? await page.props : null;
    const shown = new Map((props?.subscriptions ?? []).map((plan) => [plan.id, plan.name]));
    for (const plan of PLANS) expect(shown.get(plan.slug)).toBe(plan.name);
  });

  it.each(PLANS.map((plan, index) => [plan.script, plan, index] as const))(
    "prints a plan named in %s as typed in the billing API, the invoice PDF and the mails",
    async (_script, plan, index) => {
      const owner = owners[index]!;
      const offered = await get("/api/company/subscription", owner);
      expect(offered.status).toBe(200);
      const onSale = (offered.body as { plans: SubscriptionPlanJson[] }).plans;
      expect(onSale.find((entry) => entry.id === plan.slug)?.name).toBe(plan.name);

      const started = await callApi(routeFor("/api/company/subscription"), {
        method: "POST",
        headers: bearer(owner.token),
        body: { plan: plan.slug },
      });
      expect(started.status).toBe(200);
      const invoice = (started.body as { invoice: InvoiceSummary }).invoice;
      const read = await get("/api/company/subscription", owner);
      expect(read.body).toMatchObject({
        subscription: { plan: { id: plan.slug, name: plan.name } },
      });

      // The period's line, as the invoice list and its PDF print it.
      const billing = await get("/api/company/invoices", owner);
      expect(JSON.stringify(billing.body)).toContain(`${plan.name} subscription, `);
      const pdf = await get("/api/company/invoices/{invoiceId}/pdf", owner, {
        invoiceId: String(invoice.id),
      });
      expect(pdf.status).toBe(200);
      const lines = await textLines(pdf.bytes);
      // The description wraps in its column: the name starts a line, whole and in order. (The
      // space after an Arabic name, before "subscription", is not read back by pdftotext.)
      expect(
        lines.some((line) => line.startsWith(plan.name)),
        JSON.stringify(lines),
      ).toBe(true);

      const issued = await renderedInvoiceMail(handle, invoice.number);
      expect(issued.text).toContain(`${plan.name} subscription, `);
      expect(issued.html).toContain(`${plan.name} subscription, `);

      // The failed payment's mail names the plan as the webhook gives it.
      const failed = await renderMail({
        template: "subscription-payment-failed",
        to: owner.email,
        props: {
          companyName: `${plan.script} Studio ${run}`,
          planName: plan.name,
          amountMinor: 39_900,
          currency: "usd",
          nextAttemptAt: null,
        },
      } as MailMessage);
      expect(failed.text).toContain(plan.name);
      expect(failed.html).toContain(plan.name);
    },
  );
});
