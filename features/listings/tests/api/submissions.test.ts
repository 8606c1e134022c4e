// @vitest-environment node
import { and, eq, inArray } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import queueHandler from "@/pages/api/moderation/review/index";
import currentUserHandler from "@/pages/api/current_user";
import jobHandler from "@/pages/api/jobs/[jobId]";
import checkoutHandler from "@/pages/api/listings/[listingId]/checkout";
import listingsHandler from "@/pages/api/listings/index";
import webhookHandler from "@/pages/api/stripe/webhook";
import { RECAPTCHA_SUBMIT_ACTION } from "@/features/listings/submission-schemas";
import {
  companies,
  companyMembers,
  jobApplications,
  jobs,
  stripeEvents,
  users,
} from "@/lib/server/db/schema";
import { PageCache, registerPageCache } from "@/lib/server/http/page-cache";
import { searchJobs } from "@/features/jobs/server/job-search";
import { PAYMENT_START_FAILED } from "@/features/listings/server/submit-api";
import { BOT_CHECK_FAILED } from "@/features/listings/server/bot-check";
import type { OwnListing, ReviewQueue, SubmissionReceipt } from "@/features/listings/types";
import { callApi } from "@/tests/api/call";
import { employerSuite } from "@/tests/api/employer-suite";
import { startRecaptchaStandIn, startStripeStandIn, type StandIn } from "@/tests/api/stand-ins";
import { bearer, googleIdToken, withClaims } from "@/tests/support/auth";
import { validSubmission, type SubmissionBody } from "@/tests/fixtures/job-submission";

const suite = employerSuite("hiring", "Hana");
const { run, tokens, jobRow } = suite;
const MODERATOR_EMAIL = suite.moderatorEmail;
const WEBHOOK_SECRET = "whsec_test_standin";

function submit(body: unknown, options: { token?: string; address?: string } = {}) {
  return callApi(listingsHandler, {
    method: "POST",
    body,
    headers: options.token === "" ? {} : bearer(options.token ?? tokens.employer),
    address: options.address,
  });
}

const standard = (change: (body: SubmissionBody) => void = () => {}) => {
  const body = validSubmission();
  body.plan = "standard";
  change(body);
  return body;
};

const countRows = async () => ({
  jobs: (await suite.handle.db.select({ id: jobs.id }).from(jobs)).length,
  companies: (await suite.handle.db.select({ id: companies.id }).from(companies)).length,
});

const decideOn = (id: number, body: unknown, token = tokens.moderator) =>
  callApi(moderationHandler, {
    method: "POST",
    params: { listingId: String(id) },
    headers: bearer(token),
    body,
  });

beforeEach(() => {
  // Moderators are matched in a list, whatever the case of the address.
  vi.stubEnv("ADMIN_EMAILS", `someone@creatorjobs.example, ${MODERATOR_EMAIL.toUpperCase()}`);
});

describe("POST /api/listings", () => {
  it("answers 401 without a token, and stores nothing", async () => {
    const before = await countRows();
    const { status, body } = await submit(standard(), { token: "" });
    expect(status).toBe(401);
    expect(body).toEqual({ error: expect.stringMatching(/sign in/i), code: "unauthenticated" });
    expect(await countRows()).toEqual(before);
  });

  it("stores a listing that takes applications on the board, with its questions and closing day", async () => {
    const questions = [
      { id: "hours", kind: "yes_no", prompt: "Can you work in UK hours?", required: true },
      { id: "tools", kind: "short", prompt: "Which tools do you use?", required: false },
    ];
    const { status, body } = await submit(
      standard((b) =>
        Object.assign(b.job, {
          apply_method: "board",
          apply_url: "",
          screening_questions: questions,
          applications_close_on: "2099-01-31",
          applicant_mail: "daily",
          salary_min: "45",
          salary_max: "60",
          salary_period: "hour",
        }),
      ),
    );
    expect(status).toBe(201);
    const [row] = await suite.handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, (body as { id: number }).id));
    expect(row).toMatchObject({
      applyMethod: "board",
      applyUrl: null,
      applyEmail: null,
      screeningQuestions: questions,
      applicationsCloseAt: new Date("2099-01-31T23:59:59.999Z"),
      applicantMail: "daily",
      salaryMin: 45,
      salaryMax: 60,
      salaryPeriod: "hour",
    });
  });

  it("stores a listing without a way to apply as one that takes applications on the board", async () => {
    const { status, body } = await submit(
      standard((b) => void ((b.job.apply_url = ""), (b.job.apply_email = ""))),
    );
    expect(status).toBe(201);
    const [row] = await suite.handle.db
      .select({ applyMethod: jobs.applyMethod })
      .from(jobs)
      .where(eq(jobs.id, (body as { id: number }).id));
    expect(row).toEqual({ applyMethod: "board" });
  });

  it("stores a standard listing as pending, for review, with a company of its own", async () => {
    const { status, body } = await submit(standard());
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(Number),
      state: "in_review",
      payment_status: "none",
      checkout_url: null,
      payment_error: null,
    });
    const row = await jobRow(body!.id as number);
    expect(row).toMatchObject({
      status: "pending",
      plan: "standard",
      sponsored: false,
      paymentStatus: "none",
      title: "Creator Partnerships Manager",
      salaryMin: 55_000,
      salaryCurrency: "GBP",
      applyEmail: null,
      slug: "creator-partnerships-manager-at-studio-north",
    });
    const [company] = await suite.handle.db
      .select()
      .from(companies)
      .where(eq(companies.id, row.companyId));
    expect(company).toMatchObject({ name: "Studio North", logoUrl: null });

    // Pending: not on the board, and its page does not exist yet.
    const page = await callApi(jobHandler, { params: { jobId: String(row.id) } });
    expect(page.status).toBe(404);
    const board = await searchJobs(suite.handle.db, {
      department: "creator-partnerships",
      page: 1,
      per_page: 50,
    });
    expect(board.jobs.map((job) => job.id)).not.toContain(row.id);
  });

  it("keeps one company per employer: their next listing reuses it, its details waiting for review", async () => {
    const first = await submit(standard());
    const second = await submit(
      standard((body) => void (body.company.about = "Documentaries and shorts.")),
    );
    const [a, b] = await Promise.all([
      jobRow(first.body!.id as number),
      jobRow(second.body!.id as number),
    ]);
    expect(b.companyId).toBe(a.companyId);
    const companyRow = async () =>
      (await suite.handle.db.select().from(companies).where(eq(companies.id, a.companyId)))[0];
    expect((await companyRow())!.about).not.toBe("Documentaries and shorts.");
    expect(b.companyProposal).toMatchObject({ about: "Documentaries and shorts." });
    expect(a.companyProposal).toBeNull();
    await suite.approve(b.id);
    expect(await companyRow()).toMatchObject({
      about: "Documentaries and shorts.",
      slug: expect.any(String),
    });
    expect((await jobRow(b.id)).companyProposal).toBeNull();
  });

  it("never renames a company on its live listings before a moderator approves the rename", async () => {
    // Issue 40: a new, unreviewed submission renamed the employer's company on every live
    // listing, so a live listing could collect CVs under another company's name.
    const live = await submit(standard());
    await suite.approve(live.body!.id as number);
    const renamed = await submit(
      standard((body) => {
        body.company.name = "Globex Media";
        body.company.website = "https://globex.example";
      }),
    );
    const liveJob = await callApi(jobHandler, { params: { jobId: String(live.body!.id) } });
    expect(liveJob.body).toMatchObject({ company: { name: "Studio North" } });

    // The moderator sees what approval would change.
    const queue = await callApi(queueHandler, { headers: bearer(tokens.moderator) });
    const item = (queue.body as ReviewQueue).pending.find((row) => row.id === renamed.body!.id);
    expect(item).toMatchObject({
      company: { name: "Studio North", website: "https://studionorth.example" },
      company_change: { name: "Globex Media", website: "https://globex.example" },
    });

    // Refused: nothing changes, and the proposal goes with it.
    const rejected = await decideOn(renamed.body!.id as number, {
      decision: "reject",
      reason: "That is not your company.",
    });
    expect(rejected.status).toBe(200);
    expect((await jobRow(renamed.body!.id as number)).companyProposal).toBeNull();
    const still = await callApi(jobHandler, { params: { jobId: String(live.body!.id) } });
    expect(still.body).toMatchObject({ company: { name: "Studio North" } });

    // Approved: the company, and so every listing of it, takes the new details.
    const again = await submit(standard((body) => void (body.company.name = "Studio North Films")));
    expect((await decideOn(again.body!.id as number, { decision: "approve" })).status).toBe(200);
    const now = await callApi(jobHandler, { params: { jobId: String(live.body!.id) } });
    expect(now.body).toMatchObject({ company: { name: "Studio North Films" } });
  });

  it("gives another employer's company of the same name its own slug", async () => {
    const mine = await submit(standard());
    const theirs = await submit(standard(), { token: tokens.other });
    const [a, b] = await Promise.all([
      jobRow(mine.body!.id as number),
      jobRow(theirs.body!.id as number),
    ]);
    expect(a.companyId).not.toBe(b.companyId);
    const slugs = await suite.handle.db
      .select({ slug: companies.slug, owner: companyMembers.userId })
      .from(companies)
      .innerJoin(
        companyMembers,
        and(eq(companyMembers.companyId, companies.id), eq(companyMembers.role, "owner")),
      )
      .where(inArray(companies.id, [a.companyId, b.companyId]));
    expect(new Set(slugs.map((row) => row.slug)).size).toBe(2);
    expect(new Set(slugs.map((row) => row.owner)).size).toBe(2);
  });

  it("keeps a paid plan waiting as invoice due when Stripe is not set up", async () => {
    const { status, body } = await submit(validSubmission());
    expect(status).toBe(201);
    expect(body).toMatchObject({ state: "in_review", payment_status: "invoice_due" });
    expect(await jobRow(body!.id as number)).toMatchObject({
      plan: "sponsored",
      sponsored: true,
      paymentStatus: "invoice_due",
    });
  });

  it.each<[string, (body: SubmissionBody) => void, string]>([
    ["no company name", (b) => void (b.company.name = ""), "company.name"],
    [
      "a website that is not https",
      (b) => void (b.company.website = "ftp://x.example"),
      "company.website",
    ],
    [
      "a logo that is not a web address",
      (b) => void (b.company.logo_url = "logo.png"),
      "company.logo_url",
    ],
    [
      "a company description too long",
      (b) => void (b.company.about = "x".repeat(1_001)),
      "company.about",
    ],
    ["a title too short", (b) => void (b.job.title = "PM"), "job.title"],
    ["an unknown department", (b) => void (b.job.department = "astrology"), "job.department"],
    ["an unknown region", (b) => void (b.job.region = "mars"), "job.region"],
    ["an unknown type", (b) => void (b.job.type = "gig"), "job.type"],
    ["no location", (b) => void (b.job.location = " "), "job.location"],
    ["pay in words", (b) => void (b.job.salary_min = "lots"), "job.salary_min"],
    ["a range upside down", (b) => void (b.job.salary_max = "50000"), "job.salary_max"],
    ["an unknown currency", (b) => void (b.job.salary_currency = "DOGE"), "job.salary_currency"],
    [
      "pay per week",
      (b) => void Object.assign(b.job, { salary_period: "week" }),
      "job.salary_period",
    ],
    [
      "yearly pay of 45",
      (b) => void Object.assign(b.job, { salary_min: "45", salary_max: "60" }),
      "job.salary_min",
    ],
    ["a description too short", (b) => void (b.job.description = "Join us."), "job.description"],
    [
      "a description over 20,000 characters",
      (b) => void (b.job.description = "x".repeat(20_001)),
      "job.description",
    ],
    [
      "a link to apply at, not given",
      (b) => void (Object.assign(b.job, { apply_method: "link" }), (b.job.apply_url = "")),
      "job.apply_url",
    ],
    [
      "an address to apply to, not given",
      (b) => void (Object.assign(b.job, { apply_method: "email" }), (b.job.apply_email = "")),
      "job.apply_email",
    ],
    [
      "an unknown way to apply",
      (b) => void ((b.job as Record<string, unknown>).apply_method = "fax"),
      "job.apply_method",
    ],
    [
      "six screening questions",
      (b) =>
        void ((b.job as Record<string, unknown>).screening_questions = Array.from(
          { length: 6 },
          (_, index) => ({
            id: `q${index}`,
            kind: "yes_no",
            prompt: "Can you start soon?",
            required: false,
          }),
        )),
      "job.screening_questions",
    ],
    [
      "a closing date that is not a date",
      (b) => void ((b.job as Record<string, unknown>).applications_close_on = "soon"),
      "job.applications_close_on",
    ],
    ["a bad apply email", (b) => void (b.job.apply_email = "jobs@"), "job.apply_email"],
    ["an unknown plan", (b) => void (b.plan = "platinum"), "plan"],
    [
      "a title that is a number",
      (b) => void ((b.job as Record<string, unknown>).title = 42),
      "job.title",
    ],
    [
      "a company that is a list",
      (b) => void ((b as Record<string, unknown>).company = ["x"]),
      "company",
    ],
    [
      "an unknown field",
      (b) => void ((b.job as Record<string, unknown>).status = "open"),
      "job.status",
    ],
  ])("refuses %s with 422 on %s, storing nothing", async (_, change, field) => {
    const before = await countRows();
    const body = validSubmission();
    change(body);
    const response = await submit(body);
    expect(response.status).toBe(422);
    expect((response.body!.errors as Record<string, string[]>)[field]).toEqual([
      expect.any(String),
    ]);
    expect(await countRows()).toEqual(before);
  });

  it("refuses a body that is not a submission at all", async () => {
    for (const body of [[], "hello", 7, null]) {
      const response = await submit(body);
      expect(response.status).toBe(422);
      expect(response.body).toHaveProperty("errors");
    }
  });

  it("answers bad JSON 400, a body that is not JSON 415 and an oversize one 413, all in JSON", async () => {
    const before = await countRows();
    const post = (raw: string, type: string) =>
      callApi(listingsHandler, {
        method: "POST",
        raw,
        headers: { ...bearer(tokens.employer), "content-type": type },
      });
    expect(await post('{"company": ', "application/json")).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/not valid JSON/) },
    });
    expect(await post("company=x", "application/x-www-form-urlencoded")).toMatchObject({
      status: 415,
      body: { error: expect.stringMatching(/JSON/) },
    });
    const huge = JSON.stringify({ ...standard(), padding: "x".repeat(70_000) });
    expect(await post(huge, "application/json")).toMatchObject({
      status: 413,
      body: { error: expect.stringMatching(/larger than 64 kB/) },
    });
    expect(await countRows()).toEqual(before);
  });
});

describe("the bot check", () => {
  let verifier: StandIn<Parameters<typeof startRecaptchaStandIn>[0]>;

  beforeAll(async () => {
    verifier = await startRecaptchaStandIn({
      success: true,
      score: 0.9,
      action: RECAPTCHA_SUBMIT_ACTION,
    });
  });
  afterAll(() => verifier.close());

  beforeEach(() => {
    vi.stubEnv("RECAPTCHA_SECRET_KEY", "recaptcha-secret");
    vi.stubEnv("RECAPTCHA_VERIFY_URL", verifier.url);
    verifier.set({ success: true, score: 0.9, action: RECAPTCHA_SUBMIT_ACTION });
  });

  it("sends the token, secret and address to the verifier and accepts a person", async () => {
    const { status } = await submit(
      { ...standard(), recaptcha_token: "token-from-the-browser" },
      { address: "192.0.2.44" },
    );
    expect(status).toBe(201);
    const sent = verifier.requests.at(-1)!;
    expect(Object.fromEntries(sent)).toEqual({
      secret: "recaptcha-secret",
      response: "token-from-the-browser",
      remoteip: "192.0.2.44",
    });
  });

  it.each<[string, Parameters<typeof verifier.set>[0] | null]>([
    ["a low score", { success: true, score: 0.2, action: RECAPTCHA_SUBMIT_ACTION }],
    ["a token for another action", { success: true, score: 0.9, action: "login" }],
    ["a token Google refuses", { success: false, "error-codes": ["invalid-input-response"] }],
    ["no token at all", null],
  ])("refuses %s with 403 and a clear message, storing nothing", async (_, verdict) => {
    if (verdict) verifier.set(verdict);
    const before = await countRows();
    const body = verdict ? { ...standard(), recaptcha_token: "a-token" } : standard();
    const { status, body: answer } = await submit(body);
    expect(status).toBe(403);
    expect(answer).toEqual({ error: BOT_CHECK_FAILED, code: "forbidden" });
    expect(await countRows()).toEqual(before);
  });

  it("fails closed with 503 when the verifier cannot be reached", async () => {
    vi.stubEnv("RECAPTCHA_VERIFY_URL", "http://127.0.0.1:9/siteverify");
    const before = await countRows();
    const { status, body } = await submit({ ...standard(), recaptcha_token: "a-token" });
    expect(status).toBe(503);
    expect(body).toEqual({ error: expect.stringMatching(/try again/i), code: "unavailable" });
    expect(await countRows()).toEqual(before);
  });

  it("is skipped, with a warning in the log, when no secret is set", async () => {
    vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
    const asked = verifier.requests.length;
    const { status } = await submit(standard());
    expect(status).toBe(201);
    expect(verifier.requests.length).toBe(asked);
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringMatching(/RECAPTCHA_SECRET_KEY is not set.*skipped/),
    );
  });
});

describe("rate limiting", () => {
  it("counts only an employer's valid submissions, 8 in 15 minutes, then answers 429 with Retry-After", async () => {
    const employer = await googleIdToken({
      sub: `busy-${run}`,
      email: `busy-${run}@studio.example`,
      name: "Busy Employer",
    });
    const address = "198.18.0.77";
    // Refused sign-ins and invalid bodies spend nothing, from this address or for this employer.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await submit(standard(), { token: "", address })).status).toBe(401);
      expect((await submit({ plan: "standard" }, { token: employer, address })).status).toBe(422);
    }
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const addressOfTheMoment = `198.18.0.${100 + attempt}`;
      expect(
        (await submit(standard(), { token: employer, address: addressOfTheMoment })).status,
      ).toBe(201);
    }
    // The count follows the employer, not the address.
    const refused = await submit(standard(), { token: employer, address: "198.18.0.200" });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: expect.stringMatching(/Too many.*Try again in 15 minutes/),
      code: "rate_limited",
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(800);
    // Another employer at the same address is not held back.
    expect((await submit(standard(), { address: "198.18.0.200" })).status).toBe(201);
  });
});

describe("payment with Stripe Checkout", () => {
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

  const paidEvent = (
    jobId: number,
    sessionId: string,
    amount = 19_900,
    id = `evt_${run}_${jobId}`,
  ) =>
    JSON.stringify({
      id,
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          payment_status: "paid",
          amount_total: amount,
          currency: "usd",
          metadata: { job_id: String(jobId) },
        },
      },
    });

  const deliver = (payload: string, header?: string) =>
    callApi(webhookHandler, {
      method: "POST",
      raw: payload,
      headers: {
        "content-type": "application/json",
        ...(header !== undefined && { "stripe-signature": header }),
      },
    });

  const signed = (payload: string, timestamp = Math.floor(Date.now() / 1000)) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });

  async function sponsoredListing(): Promise<SubmissionReceipt> {
    const { status, body } = await submit(validSubmission());
    expect(status).toBe(201);
    return body as unknown as SubmissionReceipt;
  }

  it("sends a paid plan to Stripe Checkout for its price, and holds it out of review", async () => {
    const receipt = await sponsoredListing();
    expect(receipt).toMatchObject({
      state: "awaiting_payment",
      payment_status: "awaiting_payment",
      checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
    });
    const sent = stripeApi.requests.at(-1)!;
    expect(sent.get("mode")).toBe("payment");
    expect(sent.get("line_items[0][price_data][unit_amount]")).toBe("19900");
    expect(sent.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(sent.get("metadata[job_id]")).toBe(String(receipt.id));
    expect(sent.get("customer_email")).toBe(suite.employerEmail);
    expect(sent.get("success_url")).toMatch(
      /\/listings\?listing=\d+&paid=\{CHECKOUT_SESSION_ID\}$/,
    );

    const queue = await callApi(queueHandler, { headers: bearer(tokens.moderator) });
    const { pending, awaiting_payment } = queue.body as unknown as ReviewQueue;
    expect(pending.map((item) => item.id)).not.toContain(receipt.id);
    expect(awaiting_payment.map((item) => item.id)).toContain(receipt.id);
    expect((await decideOn(receipt.id, { decision: "approve" })).status).toBe(409);
  });

  it("keeps the listing when Stripe fails, and lets its owner (only) start payment again", async () => {
    stripeApi.set("down");
    const receipt = await sponsoredListing();
    expect(receipt).toMatchObject({
      state: "awaiting_payment",
      checkout_url: null,
      payment_error: PAYMENT_START_FAILED,
    });
    stripeApi.set("up");
    const pay = (token: string) =>
      callApi(checkoutHandler, {
        method: "POST",
        params: { listingId: String(receipt.id) },
        headers: bearer(token),
      });
    expect((await pay(tokens.other)).status).toBe(404);
    const again = await pay(tokens.employer);
    expect(again).toMatchObject({
      status: 200,
      body: { checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) },
    });
  });

  it("marks a listing paid on a correctly signed event, once, and sends it to review", async () => {
    const receipt = await sponsoredListing();
    const sessionId = (await jobRow(receipt.id)).checkoutSessionId!;
    const payload = paidEvent(receipt.id, sessionId);

    const first = await deliver(payload, signed(payload));
    expect(first).toMatchObject({ status: 200, body: { received: true, paid_job_id: receipt.id } });
    expect(await jobRow(receipt.id)).toMatchObject({ paymentStatus: "paid", status: "pending" });

    // Stripe redelivers, or someone replays the request within the tolerance: acted on once.
    const again = await deliver(payload, signed(payload));
    expect(again).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
    const events = await suite.handle.db
      .select()
      .from(stripeEvents)
      .where(eq(stripeEvents.id, `evt_${run}_${receipt.id}`));
    expect(events).toHaveLength(1);

    const queue = await callApi(queueHandler, { headers: bearer(tokens.moderator) });
    expect((queue.body as unknown as ReviewQueue).pending.map((item) => item.id)).toContain(
      receipt.id,
    );
  });

  it.each<[string, (payload: string) => string | undefined]>([
    ["no signature", () => undefined],
    [
      "a signature made with another secret",
      (payload) =>
        stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" }),
    ],
    ["a signature of another body", () => signed(JSON.stringify({ id: "evt_other" }))],
    [
      "a captured request replayed ten minutes later",
      (payload) => signed(payload, Math.floor(Date.now() / 1000) - 600),
    ],
  ])("refuses %s with 400 and changes nothing", async (_, header) => {
    const receipt = await sponsoredListing();
    const payload = paidEvent(receipt.id, "cs_test_forged", 19_900, `evt_forged_${receipt.id}`);
    const response = await deliver(payload, header(payload));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: expect.any(String), code: "malformed_request" });
    expect(await jobRow(receipt.id)).toMatchObject({ paymentStatus: "awaiting_payment" });
    expect(
      await suite.handle.db
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, `evt_forged_${receipt.id}`)),
    ).toEqual([]);
  });

  it("does not mark paid a checkout that paid less than the plan's price", async () => {
    const receipt = await sponsoredListing();
    const payload = paidEvent(receipt.id, "cs_test_cheap", 100, `evt_cheap_${receipt.id}`);
    const response = await deliver(payload, signed(payload));
    expect(response).toMatchObject({ status: 200, body: { received: true } });
    expect(response.body).not.toHaveProperty("paid_job_id");
    expect(await jobRow(receipt.id)).toMatchObject({ paymentStatus: "awaiting_payment" });
  });

  it("answers 404 to webhooks where Stripe is not set up", async () => {
    vi.stubEnv("STRIPE_SECRET_KEY", "");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "");
    const payload = paidEvent(1, "cs_test_x");
    expect((await deliver(payload, signed(payload))).status).toBe(404);
  });
});

describe("moderation", () => {
  let pendingId: number;

  beforeEach(async () => {
    pendingId = (await submit(standard())).body!.id as number;
  });

  it("shows the queue to moderators only: 401 without a token, 403 for others", async () => {
    expect((await callApi(queueHandler)).status).toBe(401);
    expect((await callApi(queueHandler, { headers: bearer(tokens.employer) })).status).toBe(403);
    const unverified = withClaims(tokens.moderator, { email_verified: false });
    expect((await callApi(queueHandler, { headers: bearer(unverified) })).status).toBe(403);

    const { status, body } = await callApi(queueHandler, { headers: bearer(tokens.moderator) });
    expect(status).toBe(200);
    const item = (body as unknown as ReviewQueue).pending.find((entry) => entry.id === pendingId);
    expect(item).toMatchObject({
      title: "Creator Partnerships Manager",
      company: { name: "Studio North" },
      state: "in_review",
      submitter: { email: suite.employerEmail },
    });
  });

  it("tells the signed-in user whether they moderate", async () => {
    const moderator = await callApi(currentUserHandler, { headers: bearer(tokens.moderator) });
    const employer = await callApi(currentUserHandler, { headers: bearer(tokens.employer) });
    expect(moderator.body).toMatchObject({ is_moderator: true });
    expect(employer.body).toMatchObject({ is_moderator: false });
  });

  it("does not let a non-moderator approve, even their own listing", async () => {
    const response = await decideOn(pendingId, { decision: "approve" }, tokens.employer);
    expect(response).toMatchObject({ status: 403, body: { error: expect.any(String) } });
    expect(await jobRow(pendingId)).toMatchObject({ status: "pending", reviewedAt: null });
  });

  it("publishes an approved listing: its page, the lists, and fresh cached pages", async () => {
    const cache = new PageCache();
    registerPageCache(cache);
    const page = { status: 200, headers: {}, body: Buffer.from("old") };
    const lifetime = { maxAge: 60, staleFor: 60 };
    for (const url of [
      "/departments/creator-partnerships",
      "/departments/creator-partnerships?page=2",
      "/_next/data/build-1/regions/united-kingdom.json",
      "/sitemap.xml",
      "/blog",
    ]) {
      cache.store(url, page, lifetime);
    }

    const response = await decideOn(pendingId, { decision: "approve" });
    expect(response).toMatchObject({ status: 200, body: { id: pendingId, status: "open" } });
    const row = await jobRow(pendingId);
    expect(row).toMatchObject({ status: "open", reviewedBy: MODERATOR_EMAIL });
    // Listed for the plan's 30 days from approval.
    expect(row.expiresAt.getTime() - row.publishedAt.getTime()).toBe(30 * 86_400_000);

    expect((await callApi(jobHandler, { params: { jobId: String(pendingId) } })).status).toBe(200);
    const board = await searchJobs(suite.handle.db, {
      department: "creator-partnerships",
      page: 1,
      per_page: 50,
    });
    expect(board.jobs.map((job) => job.id)).toContain(pendingId);

    expect(cache.lookup("/departments/creator-partnerships")).toBeUndefined();
    expect(cache.lookup("/departments/creator-partnerships?page=2")).toBeUndefined();
    expect(cache.lookup("/_next/data/build-1/regions/united-kingdom.json")).toBeUndefined();
    expect(cache.lookup("/sitemap.xml")).toBeUndefined();
    expect(cache.lookup("/blog")).toBeDefined();

    // Reviewed once only.
    expect(
      (await decideOn(pendingId, { decision: "reject", reason: "Changed my mind here" })).status,
    ).toBe(409);
  });

  it("records the reason of a rejection, which the employer (only) sees", async () => {
    expect((await decideOn(pendingId, { decision: "reject", reason: "short" })).status).toBe(422);
    expect((await decideOn(pendingId, { decision: "publish" })).body).toMatchObject({
      code: "invalid_input",
      errors: { decision: [expect.any(String)] },
    });
    const reason = "Please give the salary range in full: see our guidelines.";
    const response = await decideOn(pendingId, { decision: "reject", reason });
    expect(response).toMatchObject({ status: 200, body: { status: "rejected" } });
    expect((await callApi(jobHandler, { params: { jobId: String(pendingId) } })).status).toBe(404);

    const own = await callApi(listingsHandler, { headers: bearer(tokens.employer) });
    const listing = (own.body!.listings as OwnListing[]).find((entry) => entry.id === pendingId);
    expect(listing).toMatchObject({ state: "not_approved", rejection_reason: reason });
    const others = await callApi(listingsHandler, { headers: bearer(tokens.other) });
    expect((others.body!.listings as OwnListing[]).map((entry) => entry.id)).not.toContain(
      pendingId,
    );
  });

  it("answers 404 for a listing that does not exist and 422 for a bad decision body", async () => {
    expect((await decideOn(2_000_000_000, { decision: "approve" })).status).toBe(404);
    expect((await decideOn(pendingId, { decision: "approve", extra: 1 })).status).toBe(422);
  });

  it("marks an invoice paid, only where one is due", async () => {
    const invoiced = (await submit(validSubmission())).body!.id as number;
    expect((await decideOn(pendingId, { decision: "mark_paid" })).status).toBe(409);
    expect(await decideOn(invoiced, { decision: "mark_paid" })).toMatchObject({
      status: 200,
      body: { payment_status: "paid" },
    });
  });
});

describe("GET /api/listings", () => {
  it("lists the caller's own listings, newest first, and needs a token", async () => {
    expect((await callApi(listingsHandler)).status).toBe(401);
    const id = (await submit(standard(), { token: tokens.other })).body!.id as number;
    const { status, body, headers } = await callApi(listingsHandler, {
      headers: bearer(tokens.other),
    });
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("private, no-store");
    const listings = body!.listings as OwnListing[];
    expect(listings[0]).toMatchObject({
      id,
      state: "in_review",
      plan: "standard",
      company_name: "Studio North",
      published_at: null,
    });
    expect(listings.every((listing) => listing.company_name === "Studio North")).toBe(true);
  });

  it("counts each listing's applications on the board, withdrawn ones aside", async () => {
    const onBoard = (
      await submit(
        standard((b) => Object.assign(b.job, { apply_method: "board", apply_url: "" })),
        { token: tokens.other },
      )
    ).body!.id as number;
    const atLink = (await submit(standard(), { token: tokens.other })).body!.id as number;
    const applicants = await suite.handle.db
      .insert(users)
      .values(
        ["reviewed", "fresh", "gone"].map((name) => ({
          firebaseUid: `counted-${name}-${onBoard}`,
          email: `${name}-${onBoard}@mail.example`,
          emailVerified: true,
        })),
      )
      .returning({ id: users.id, email: users.email });
    await suite.handle.db.insert(jobApplications).values(
      applicants.map((user, index) => ({
        jobId: onBoard,
        userId: user.id,
        fullName: "Applicant",
        email: user.email!,
        stage: index === 0 ? ("reviewing" as const) : ("new" as const),
        withdrawnAt: index === 2 ? new Date() : null,
      })),
    );
    const { body } = await callApi(listingsHandler, { headers: bearer(tokens.other) });
    const listings = body!.listings as OwnListing[];
    expect(listings.find((listing) => listing.id === onBoard)?.applicants).toEqual({
      total: 2,
      new: 1,
    });
    expect(listings.find((listing) => listing.id === atLink)?.applicants).toBeNull();
  });
});
