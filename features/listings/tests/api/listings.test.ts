// @vitest-environment node
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import editDecisionHandler from "@/pages/api/moderation/edits/[editId]";
import editQueueHandler from "@/pages/api/moderation/edits/index";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import jobHandler from "@/pages/api/jobs/[jobId]";
import webhookHandler from "@/pages/api/stripe/webhook";
import fillHandler from "@/pages/api/listings/[listingId]/fill";
import listingHandler from "@/pages/api/listings/[listingId]/index";
import renewHandler from "@/pages/api/listings/[listingId]/renew";
import withdrawHandler from "@/pages/api/listings/[listingId]/withdraw";
import listingsHandler from "@/pages/api/listings/index";
import { auditLog, companies, jobs, listingEdits } from "@/lib/server/db/schema";
import { searchJobs } from "@/features/jobs/server/job-search";
import { buildSitemap } from "@/features/feeds/server/sitemap";
import { callApi } from "@/tests/api/call";
import { employerSuite } from "@/tests/api/employer-suite";
import { startStripeStandIn } from "@/tests/api/stand-ins";
import { validSubmission, type SubmissionBody } from "@/tests/fixtures/job-submission";
import { bearer } from "@/tests/support/auth";

const suite = employerSuite("lister", "Lea");
const { tokens, jobRow, approve } = suite;
const WEBHOOK_SECRET = "whsec_test_standin";
const DAY = 86_400_000;

async function post(
  plan: "standard" | "sponsored" = "standard",
  change?: (b: SubmissionBody) => void,
) {
  const body = validSubmission();
  body.plan = plan;
  change?.(body);
  const { status, body: receipt } = await callApi(listingsHandler, {
    method: "POST",
    body,
    headers: bearer(tokens.employer),
  });
  expect(status).toBe(201);
  return receipt!.id as number;
}

const call = (
  handler: typeof listingHandler,
  id: number,
  options: { method?: "GET" | "PATCH" | "POST"; body?: unknown; token?: string } = {},
) =>
  callApi(handler, {
    method: options.method ?? "POST",
    params: { listingId: String(id) },
    headers: bearer(options.token ?? tokens.employer),
    body: options.body,
  });

/** The form's job fields, as /submit sends them, changed by `change`. */
const jobFields = (change: (job: SubmissionBody["job"]) => void = () => {}) => {
  const { job } = validSubmission();
  change(job);
  return { job };
};

const auditOf = (id: number) =>
  suite.handle.db
    .select({ action: auditLog.action, role: auditLog.role, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, "listing"), eq(auditLog.subjectId, id)))
    .orderBy(auditLog.id);

const listed = async (id: number) =>
  (
    await searchJobs(suite.handle.db, {
      department: "creator-partnerships",
      page: 1,
      per_page: 100,
    })
  ).jobs.some((job) => job.id === id);

describe("editing a listing", () => {
  it("changes a listing still in review at once, and answers its fields", async () => {
    const id = await post();
    const { status, body } = await call(listingHandler, id, {
      method: "PATCH",
      body: jobFields((job) => void (job.title = "Head of Creator Partnerships")),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      outcome: "updated",
      listing: { state: "in_review", edit: null },
      fields: { title: "Head of Creator Partnerships", salary_min: 55_000 },
      pending_fields: null,
    });
    expect(await jobRow(id)).toMatchObject({
      title: "Head of Creator Partnerships",
      slug: "head-of-creator-partnerships-at-studio-north",
      status: "pending",
    });
  });

  it("shows a pay change of a live listing at once, and holds a material change for review while the approved version stays live", async () => {
    const id = await post();
    await approve(id);

    const pay = await call(listingHandler, id, {
      method: "PATCH",
      body: jobFields((job) => void (job.salary_max = "75000")),
    });
    expect(pay.body).toMatchObject({ outcome: "updated", pending_fields: null });
    expect((await jobRow(id)).salaryMax).toBe(75_000);

    const material = await call(listingHandler, id, {
      method: "PATCH",
      body: jobFields((job) => {
        job.salary_max = "75000";
        job.title = "Partnerships Lead";
        job.apply_url = "https://elsewhere.example/apply";
      }),
    });
    expect(material.status).toBe(200);
    expect(material.body).toMatchObject({
      outcome: "in_review",
      listing: { state: "live", edit: { status: "pending", reason: null } },
      fields: { title: "Creator Partnerships Manager" },
      pending_fields: { title: "Partnerships Lead", apply_url: "https://elsewhere.example/apply" },
    });
    // Live as approved: the page and the board show the old title.
    const page = await callApi(jobHandler, { params: { jobId: String(id) } });
    expect(page.body).toMatchObject({ title: "Creator Partnerships Manager" });
    expect(await listed(id)).toBe(true);

    // The moderators see it beside the live version, and approve it.
    const queue = await callApi(editQueueHandler, { headers: bearer(tokens.moderator) });
    const edit = (
      queue.body!.edits as { id: number; listing_id: number; changed: string[] }[]
    ).find((item) => item.listing_id === id)!;
    expect(edit.changed.sort()).toEqual(["apply_url", "title"]);
    const denied = await callApi(editDecisionHandler, {
      method: "POST",
      params: { editId: String(edit.id) },
      headers: bearer(tokens.employer),
      body: { decision: "approve" },
    });
    expect(denied.status).toBe(403);
    const decided = await callApi(editDecisionHandler, {
      method: "POST",
      params: { editId: String(edit.id) },
      headers: bearer(tokens.moderator),
      body: { decision: "approve" },
    });
    expect(decided).toMatchObject({ status: 200, body: { listing_id: id, published: true } });
    expect(await jobRow(id)).toMatchObject({
      title: "Partnerships Lead",
      slug: "partnerships-lead-at-studio-north",
      applyUrl: "https://elsewhere.example/apply",
      status: "open",
    });
    const again = await callApi(editDecisionHandler, {
      method: "POST",
      params: { editId: String(edit.id) },
      headers: bearer(tokens.moderator),
      body: { decision: "approve" },
    });
    expect(again.status).toBe(409);
    expect((await auditOf(id)).map((row) => row.action)).toEqual(
      expect.arrayContaining(["listing.edit", "listing.edit_approve"]),
    );
  });

  it("keeps the live version when a moderator refuses an edit, and tells the employer why", async () => {
    const id = await post();
    await approve(id);
    await call(listingHandler, id, {
      method: "PATCH",
      body: jobFields((job) => void (job.department = "marketing")),
    });
    const [edit] = await suite.handle.db
      .select()
      .from(listingEdits)
      .where(and(eq(listingEdits.jobId, id), eq(listingEdits.status, "pending")));
    const refused = await callApi(editDecisionHandler, {
      method: "POST",
      params: { editId: String(edit!.id) },
      headers: bearer(tokens.moderator),
      body: { decision: "reject", reason: "This role is a partnerships role, not marketing." },
    });
    expect(refused.status).toBe(200);
    expect((await jobRow(id)).department).toBe("creator-partnerships");
    const { body } = await call(listingHandler, id, { method: "GET" });
    expect(body).toMatchObject({
      listing: {
        state: "live",
        edit: { status: "rejected", reason: "This role is a partnerships role, not marketing." },
      },
      pending_fields: null,
    });
  });

  it("refuses invalid fields with 422 and changes nothing", async () => {
    const id = await post();
    await approve(id);
    const before = await jobRow(id);
    const { status, body } = await call(listingHandler, id, {
      method: "PATCH",
      body: jobFields((job) => {
        job.title = "";
        job.apply_url = "not a link";
      }),
    });
    expect(status).toBe(422);
    expect(Object.keys(body!.errors as object).sort()).toEqual(["job.apply_url", "job.title"]);
    expect(await jobRow(id)).toEqual(before);
    expect(
      await suite.handle.db.select().from(listingEdits).where(eq(listingEdits.jobId, id)),
    ).toEqual([]);
  });

  it("sends a listing that was not approved back to review when it is edited", async () => {
    const id = await post();
    await callApi(moderationHandler, {
      method: "POST",
      params: { listingId: String(id) },
      headers: bearer(tokens.moderator),
      body: { decision: "reject", reason: "Say where the work happens, please." },
    });
    const { body } = await call(listingHandler, id, {
      method: "PATCH",
      body: jobFields((job) => void (job.location = "London, UK (two days a week in the office)")),
    });
    expect(body).toMatchObject({ outcome: "resubmitted", listing: { state: "in_review" } });
    expect(await jobRow(id)).toMatchObject({ status: "pending", rejectionReason: null });
  });
});

describe("the employer's company", () => {
  it("keeps a logo uploaded on the company profile when the employer posts again", async () => {
    const id = await post();
    const uploaded = `/api/logos/${"a".repeat(64)}.webp`;
    const { companyId } = await jobRow(id);
    await suite.handle.db
      .update(companies)
      .set({ logoUrl: uploaded })
      .where(eq(companies.id, companyId));
    const next = await post("standard", (body) => {
      body.company.about = "Now with shorts too.";
      body.company.logo_url = "https://elsewhere.example/logo.png";
    });
    expect((await jobRow(next)).companyId).toBe(companyId);
    // The new details wait for the listing's review; the uploaded logo is not among them.
    expect((await jobRow(next)).companyProposal).toMatchObject({
      logoUrl: uploaded,
      about: "Now with shorts too.",
    });
    await approve(next);
    const [company] = await suite.handle.db
      .select()
      .from(companies)
      .where(eq(companies.id, companyId));
    expect(company).toMatchObject({ logoUrl: uploaded, about: "Now with shorts too." });
  });
});

describe("another employer's listing", () => {
  it("is not found for reading, editing, filling, withdrawing or renewing, and nothing changes", async () => {
    const id = await post();
    await approve(id);
    const before = await jobRow(id);
    const attempts = [
      await call(listingHandler, id, { method: "GET", token: tokens.other }),
      await call(listingHandler, id, {
        method: "PATCH",
        body: jobFields((job) => void (job.title = "Hijacked")),
        token: tokens.other,
      }),
      await call(fillHandler, id, { token: tokens.other }),
      await call(withdrawHandler, id, { token: tokens.other }),
      await call(renewHandler, id, { token: tokens.other }),
    ];
    expect(attempts.map((attempt) => attempt.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await jobRow(id)).toEqual(before);
    expect(
      await suite.handle.db.select().from(listingEdits).where(eq(listingEdits.jobId, id)),
    ).toEqual([]);
  });
});

describe("filling and withdrawing", () => {
  it("takes a filled listing off the board, the search and the sitemap at once; its page stays, closed", async () => {
    const id = await post();
    await approve(id);
    expect(await listed(id)).toBe(true);
    const { status, body } = await call(fillHandler, id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ listing: { id, state: "filled", closed_at: expect.any(String) } });
    expect(await listed(id)).toBe(false);
    expect(await buildSitemap(suite.handle.db, "https://example.test")).not.toContain(
      `/jobs/${id}-`,
    );
    const page = await callApi(jobHandler, { params: { jobId: String(id) } });
    expect(page.body).toMatchObject({ status: "filled", accepting_applications: false });

    expect((await call(fillHandler, id)).status).toBe(409);
    expect((await call(withdrawHandler, id)).status).toBe(409);
    const edit = await call(listingHandler, id, { method: "PATCH", body: jobFields() });
    expect(edit.status).toBe(409);
    expect((await auditOf(id)).map((row) => row.action)).toContain("listing.fill");
  });

  it("withdraws a listing in review, which can then not be filled", async () => {
    const id = await post();
    const { body } = await call(withdrawHandler, id);
    expect(body).toMatchObject({ listing: { state: "withdrawn", published_at: null } });
    expect((await call(fillHandler, id)).status).toBe(409);
    expect(
      (
        await callApi(moderationHandler, {
          method: "POST",
          params: { listingId: String(id) },
          headers: bearer(tokens.moderator),
          body: { decision: "approve" },
        })
      ).status,
    ).toBe(409);
  });
});

describe("renewing", () => {
  const endIn = async (id: number, days: number) => {
    await suite.handle.db
      .update(jobs)
      .set({ expiresAt: new Date(Date.now() + days * DAY) })
      .where(eq(jobs.id, id));
  };

  it("renews the free plan at once in its last days, for the plan's days after its end", async () => {
    const id = await post();
    await approve(id);
    const far = await call(renewHandler, id);
    expect(far.status).toBe(409);

    await endIn(id, 2);
    const end = (await jobRow(id)).expiresAt;
    const { status, body } = await call(renewHandler, id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      checkout_url: null,
      listing: { state: "live", renewable: false },
    });
    const row = await jobRow(id);
    expect(row.expiresAt.getTime() - end.getTime()).toBe(30 * DAY);
  });

  it("publishes an ended free listing again from now", async () => {
    const id = await post();
    await approve(id);
    await endIn(id, -5);
    expect(await listed(id)).toBe(false);
    const { body } = await call(renewHandler, id);
    expect(body).toMatchObject({ listing: { state: "live" } });
    expect(await listed(id)).toBe(true);
    const row = await jobRow(id);
    expect(Math.abs(row.publishedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("renews a paid plan on an invoice where Stripe is not set up", async () => {
    const id = await post("sponsored");
    await callApi(moderationHandler, {
      method: "POST",
      params: { listingId: String(id) },
      headers: bearer(tokens.moderator),
      body: { decision: "mark_paid" },
    });
    await approve(id);
    await endIn(id, -1);
    const { body } = await call(renewHandler, id);
    expect(body).toMatchObject({
      checkout_url: null,
      listing: { state: "live", payment_status: "invoice_due" },
    });
  });

  describe("with Stripe Checkout", () => {
    let stripeApi: Awaited<ReturnType<typeof startStripeStandIn>>;
    const stripe = new Stripe("sk_test_standin");
    beforeAll(async () => {
      stripeApi = await startStripeStandIn();
    });
    afterAll(() => stripeApi.close());
    beforeEach(() => {
      vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_standin");
      vi.stubEnv("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET);
      vi.stubEnv("STRIPE_API_URL", stripeApi.url);
      stripeApi.set("up");
    });

    it("pays again through Checkout, and runs on once Stripe says it was paid", async () => {
      const id = await post("sponsored");
      // Paid the first time, approved, and ended.
      await suite.handle.db.update(jobs).set({ paymentStatus: "paid" }).where(eq(jobs.id, id));
      await approve(id);
      await endIn(id, -1);

      const { body } = await call(renewHandler, id);
      expect(body).toMatchObject({
        checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
        listing: { state: "awaiting_payment", payment_status: "awaiting_payment" },
      });
      expect(await listed(id)).toBe(false);

      const session = (await jobRow(id)).checkoutSessionId!;
      const payload = JSON.stringify({
        id: `evt_renew_${suite.run}_${id}`,
        object: "event",
        type: "checkout.session.completed",
        data: {
          object: {
            id: session,
            object: "checkout.session",
            payment_status: "paid",
            amount_total: 19_900,
            currency: "usd",
            metadata: { job_id: String(id) },
          },
        },
      });
      const delivered = await callApi(webhookHandler, {
        method: "POST",
        raw: payload,
        headers: {
          "content-type": "application/json",
          "stripe-signature": stripe.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
      });
      expect(delivered.status).toBe(200);
      const row = await jobRow(id);
      expect(row).toMatchObject({ status: "open", paymentStatus: "paid" });
      expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
      expect(await listed(id)).toBe(true);
    });
  });
});
