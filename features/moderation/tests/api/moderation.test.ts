// @vitest-environment node
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import auditHandler from "@/pages/api/moderation/audit";
import countsHandler from "@/pages/api/moderation/counts";
import enquiryHandler from "@/pages/api/moderation/enquiries/[enquiryId]/index";
import repliesHandler from "@/pages/api/moderation/enquiries/[enquiryId]/replies";
import enquiriesHandler from "@/pages/api/moderation/enquiries/index";
import takedownHandler from "@/pages/api/moderation/listings/[listingId]/takedown";
import liveListingsHandler from "@/pages/api/moderation/listings/index";
import decisionHandler from "@/pages/api/moderation/review/[listingId]";
import reviewQueueHandler from "@/pages/api/moderation/review/index";
import type { ReviewQueue } from "@/features/listings/types";
import jobHandler from "@/pages/api/jobs/[jobId]";
import jobsHandler from "@/pages/api/jobs/index";
import { recordAudit } from "@/lib/server/audit/audit";
import { createCoupon } from "@/features/billing/server/coupons";
import { rowsOf } from "@/lib/server/db/client";
import {
  auditLog,
  enquiries,
  enquiryReplies,
  jobs,
  listingEdits,
  users,
} from "@/lib/server/db/schema";
import { getQueue } from "@/lib/server/queue/queue";
import { buildSitemap } from "@/features/feeds/server/sitemap";
import { deleteUser } from "@/lib/server/users/users";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { addMember } from "@/tests/support/teams";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * The moderators' tools on the real database and real emulator tokens: taking a live listing
 * down, the enquiries inbox, the queue counts and the audit log.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR_EMAIL = `moderator-${run}@creatorjobs.example`;
const tokens = { moderator: "", other: "" };
let moderatorId = 0;
let employerId = 0;
let companyId = 0;
let jobCount = 0;

const day = 86_400_000;

/** A live listing posted by the test's employer, published an hour ago for 30 days. */
async function liveJob(title: string, changes: Partial<typeof jobs.$inferInsert> = {}) {
  jobCount += 1;
  return insertJob(handle.db, {
    title: `${title} ${run}-${jobCount}`,
    companyId,
    submittedBy: employerId,
    publishedAt: new Date(Date.now() - 3_600_000 + jobCount * 1000),
    expiresAt: new Date(Date.now() + 30 * day),
    ...changes,
  });
}

/** The messages waiting in the mail queue, as queued. */
async function queuedMail() {
  return rowsOf<{ data: { template: string; to: string; props: Record<string, unknown> } }>(
    await handle.db.execute(
      sql`select data from pgboss.job where name = 'mail' order by created_on`,
    ),
  ).map((row) => row.data);
}

const jobRow = async (id: number) =>
  (await handle.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

const takeDown = (id: number | string, body: unknown, token = tokens.moderator) =>
  callApi(takedownHandler, {
    method: "POST",
    params: { listingId: String(id) },
    headers: bearer(token),
    body,
  });

async function insertEnquiry(name: string, changes: Partial<typeof enquiries.$inferInsert> = {}) {
  const [row] = await handle.db
    .insert(enquiries)
    .values({
      name,
      email: `${name.toLowerCase()}-${run}@studio.example`,
      company: "Studio",
      service: "shortlist",
      roles: 2,
      message: `${name} needs two partnerships managers.`,
      ...changes,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  await getQueue(handle);
  [tokens.moderator, tokens.other] = await Promise.all([
    googleIdToken({ sub: `moderator-${run}`, email: MODERATOR_EMAIL, name: "Mo" }),
    googleIdToken({ sub: `other-${run}`, email: `other-${run}@agency.example`, name: "Otto" }),
  ]);
  const [moderator, employer] = await handle.db
    .insert(users)
    .values([
      { firebaseUid: `moderator-${run}`, email: MODERATOR_EMAIL, emailVerified: true },
      {
        firebaseUid: `employer-${run}`,
        email: `hiring-${run}@studio.example`,
        emailVerified: true,
      },
    ])
    .returning({ id: users.id });
  moderatorId = moderator!.id;
  employerId = employer!.id;
  companyId = (await insertCompany(handle.db, `studio-${run}`, "Northwind Studio")).id;
  await addMember(handle.db, companyId, { id: employerId });
  // A migrated database, pg-boss's schema and two tokens: slow on a busy machine.
}, 60_000);

beforeEach(() => {
  vi.stubEnv("ADMIN_EMAILS", `someone@creatorjobs.example, ${MODERATOR_EMAIL}`);
  vi.stubEnv("MAIL_TEAM_TO", "team@creatorjobs.example");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("POST /api/moderation/listings/{listingId}/takedown", () => {
  const REASON = "The role asks candidates to pay for their own training.";

  it("answers 401 without a token and 403 to someone who does not moderate", async () => {
    const job = await liveJob("Video Editor");
    expect(
      (
        await callApi(takedownHandler, {
          method: "POST",
          params: { listingId: String(job.id) },
          body: { reason: REASON },
        })
      ).status,
    ).toBe(401);
    const { status } = await takeDown(job.id, { reason: REASON }, tokens.other);
    expect(status).toBe(403);
    expect((await jobRow(job.id)).status).toBe("open");
  });

  it.each([
    ["no reason", {}],
    ["a blank reason", { reason: "    " }],
    ["a short reason", { reason: "spam" }],
    ["a huge reason", { reason: "x".repeat(1001) }],
  ])("answers 422 to %s and changes nothing", async (_, body) => {
    const job = await liveJob("Producer");
    const auditBefore = (await handle.db.select().from(auditLog)).length;
    const { status, body: answer } = await takeDown(job.id, body);
    expect(status).toBe(422);
    expect(answer!.errors).toHaveProperty("reason");
    expect((await jobRow(job.id)).status).toBe("open");
    expect((await handle.db.select().from(auditLog)).length).toBe(auditBefore);
  });

  it("answers 404 for an unknown listing and 409 for one that is not live", async () => {
    expect((await takeDown(999_999, { reason: REASON })).status).toBe(404);
    for (const status of ["pending", "rejected", "expired", "removed"] as const) {
      const job = await liveJob(`Editor ${status}`, { status });
      const answer = await takeDown(job.id, { reason: REASON });
      expect(answer.status).toBe(409);
      expect((await jobRow(job.id)).status).toBe(status);
    }
  });

  it("takes a live listing off the board, audits it and mails the employer the reason", async () => {
    const job = await liveJob("Community Lead");
    const visible = await callApi(jobHandler, { params: { jobId: String(job.id) } });
    expect(visible.status).toBe(200);
    const mailBefore = (await queuedMail()).length;

    const { status, body } = await takeDown(job.id, { reason: `  ${REASON}  ` });
    expect(status).toBe(200);
    expect(body).toEqual({ id: job.id, status: "removed", closed_at: expect.any(String) });

    const row = await jobRow(job.id);
    expect(row.status).toBe("removed");
    expect(row.rejectionReason).toBe(REASON);
    expect(row.closedAt).toEqual(new Date(body!.closed_at as string));
    expect(row.updatedAt.getTime()).toBeGreaterThan(job.updatedAt.getTime());

    // Gone from its page, the lists, search and the sitemap.
    expect((await callApi(jobHandler, { params: { jobId: String(job.id) } })).status).toBe(404);
    const list = await callApi(jobsHandler, { query: { per_page: "50" } });
    const ids = (list.body!.jobs as { id: number }[]).map((listed) => listed.id);
    expect(ids).not.toContain(job.id);
    expect(ids.length).toBeGreaterThan(0);
    const search = await callApi(jobsHandler, { query: { q: "Community Lead" } });
    expect((search.body!.jobs as { id: number }[]).map((listed) => listed.id)).not.toContain(
      job.id,
    );
    const sitemap = await buildSitemap(handle.db, "https://jobs.example");
    expect(sitemap).not.toContain(`/jobs/${job.id}-`);

    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "listing"), eq(auditLog.subjectId, job.id)));
    expect(entry).toMatchObject({
      role: "moderator",
      actorId: moderatorId,
      actorEmail: MODERATOR_EMAIL,
      action: "listing.takedown",
      detail: { reason: REASON },
    });

    const mail = (await queuedMail()).slice(mailBefore);
    expect(mail).toEqual([
      {
        template: "listing-taken-down",
        to: `hiring-${run}@studio.example`,
        props: { jobId: job.id, title: job.title, companyName: "Northwind Studio", reason: REASON },
      },
    ]);

    // Once down, it cannot be taken down again.
    expect((await takeDown(job.id, { reason: REASON })).status).toBe(409);
  });

  it("lists live listings newest first, found by title, company or id", async () => {
    const older = await liveJob("Podcast Producer");
    const newer = await liveJob("Podcast Editor");
    await liveJob("Podcast Host", { status: "pending" });
    const list = (query: Record<string, string>, token = tokens.moderator) =>
      callApi(liveListingsHandler, { query, headers: bearer(token) });

    expect((await list({}, tokens.other)).status).toBe(403);
    const byTitle = await list({ q: "podcast" });
    expect(byTitle.status).toBe(200);
    expect((byTitle.body!.listings as { id: number }[]).map((listing) => listing.id)).toEqual([
      newer.id,
      older.id,
    ]);
    expect(byTitle.body).toMatchObject({ total: 2, page: 1, per_page: 20 });
    expect((byTitle.body!.listings as unknown[])[0]).toMatchObject({
      id: newer.id,
      title: newer.title,
      company_name: "Northwind Studio",
      submitter_email: `hiring-${run}@studio.example`,
    });

    const byId = await list({ q: `#${older.id}` });
    expect((byId.body!.listings as { id: number }[]).map((listing) => listing.id)).toEqual([
      older.id,
    ]);
    const byCompany = await list({ q: "northwind" });
    expect(byCompany.body!.total).toBeGreaterThanOrEqual(2);
    // LIKE's wildcards are only characters.
    expect((await list({ q: "%" })).body!.total).toBe(0);
    const secondPage = await list({ q: "podcast", page: "2" });
    expect(secondPage.body).toMatchObject({ listings: [], total: 2, page: 2 });
    expect((await list({ page: "zero" })).status).toBe(422);
  });

  it("shows which live remote jobs name no country, and lists only those when asked", async () => {
    const list = (query: Record<string, string>) =>
      callApi(liveListingsHandler, { query, headers: bearer(tokens.moderator) });
    // Stored open "anywhere" (no country): Google's job search leaves it out.
    const anywhere = await liveJob("Anywhere Animator", { remoteCountries: [] });
    const named = await liveJob("Named Animator", { remoteCountries: ["DE"] });
    const office = await liveJob("Office Animator", { region: "europe", location: "Berlin" });
    const all = await list({ q: "animator" });
    const flags = Object.fromEntries(
      (all.body!.listings as { id: number; needs_countries: boolean }[]).map((listing) => [
        listing.id,
        listing.needs_countries,
      ]),
    );
    expect(flags).toEqual({ [anywhere.id]: true, [named.id]: false, [office.id]: false });
    expect(all.body!.needing_countries).toBeGreaterThanOrEqual(1);

    const needing = await list({ q: "animator", needs: "countries" });
    expect((needing.body!.listings as { id: number }[]).map((listing) => listing.id)).toEqual([
      anywhere.id,
    ]);
    expect((await list({ needs: "everything" })).status).toBe(422);
  });
});

describe("the enquiries inbox", () => {
  const list = (query: Record<string, string>, token = tokens.moderator) =>
    callApi(enquiriesHandler, { query, headers: bearer(token) });
  const reply = (id: number | string, body: unknown, token = tokens.moderator) =>
    callApi(repliesHandler, {
      method: "POST",
      params: { enquiryId: String(id) },
      headers: bearer(token),
      body,
    });
  const setStatus = (id: number | string, body: unknown, token = tokens.moderator) =>
    callApi(enquiryHandler, {
      method: "PATCH",
      params: { enquiryId: String(id) },
      headers: bearer(token),
      body,
    });

  it("lists enquiries by status, newest first; only for moderators", async () => {
    const first = await insertEnquiry("Ada", { createdAt: new Date(Date.now() - 60_000) });
    const second = await insertEnquiry("Bea");
    const closed = await insertEnquiry("Cy", { status: "closed" });

    expect((await list({}, tokens.other)).status).toBe(403);
    const fresh = await list({});
    expect(fresh.status).toBe(200);
    const ids = (fresh.body!.enquiries as { id: number }[]).map((enquiry) => enquiry.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).not.toContain(closed.id);
    expect((fresh.body!.enquiries as unknown[])[ids.indexOf(second.id)]).toMatchObject({
      name: "Bea",
      status: "new",
      replies: [],
    });

    const closedList = await list({ status: "closed" });
    expect((closedList.body!.enquiries as { id: number }[]).map((e) => e.id)).toContain(closed.id);
    expect((await list({ status: "spam" })).status).toBe(422);
  });

  it("stores a reply, mails it to the sender, marks the enquiry replied and audits it", async () => {
    const enquiry = await insertEnquiry("Dee");
    const mailBefore = (await queuedMail()).length;
    const { status, body } = await reply(enquiry.id, {
      body: "Thank you, Dee.\nCould we talk on Tuesday?",
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      id: enquiry.id,
      status: "replied",
      replies: [
        {
          body: "Thank you, Dee.\nCould we talk on Tuesday?",
          sent_by: MODERATOR_EMAIL,
          created_at: expect.any(String),
        },
      ],
    });
    const stored = await handle.db
      .select()
      .from(enquiryReplies)
      .where(eq(enquiryReplies.enquiryId, enquiry.id));
    expect(stored).toHaveLength(1);
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(row!.status).toBe("replied");
    expect(row!.updatedAt.getTime()).toBeGreaterThan(enquiry.updatedAt.getTime());

    expect((await queuedMail()).slice(mailBefore)).toEqual([
      {
        template: "enquiry-reply",
        to: enquiry.email,
        props: {
          enquiryId: enquiry.id,
          name: "Dee",
          service: "shortlist",
          message: enquiry.message,
          reply: "Thank you, Dee.\nCould we talk on Tuesday?",
          replyTo: "team@creatorjobs.example",
        },
      },
    ]);
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "enquiry"), eq(auditLog.subjectId, enquiry.id)));
    expect(entry).toMatchObject({
      action: "enquiry.reply",
      role: "moderator",
      actorEmail: MODERATOR_EMAIL,
      detail: { reply_id: stored[0]!.id },
    });

    // It is listed with the replied ones, with its reply.
    const replied = await list({ status: "replied" });
    const listed = (replied.body!.enquiries as { id: number; replies: unknown[] }[]).find(
      (e) => e.id === enquiry.id,
    );
    expect(listed?.replies).toHaveLength(1);
  });

  it("answers 422 to an empty reply and 404 to an unknown enquiry, storing nothing", async () => {
    const enquiry = await insertEnquiry("Eve");
    const mailBefore = (await queuedMail()).length;
    for (const body of [{ body: "   " }, {}, { body: "x".repeat(5001) }]) {
      const answer = await reply(enquiry.id, body);
      expect(answer.status).toBe(422);
      expect(answer.body!.errors).toHaveProperty("body");
    }
    expect((await reply(999_999, { body: "Hello" })).status).toBe(404);
    expect((await reply(enquiry.id, { body: "Hello" }, tokens.other)).status).toBe(403);
    expect((await setStatus(999_999, { status: "closed" })).status).toBe(404);
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(row!.status).toBe("new");
    expect(
      await handle.db.select().from(enquiryReplies).where(eq(enquiryReplies.enquiryId, enquiry.id)),
    ).toEqual([]);
    expect((await queuedMail()).length).toBe(mailBefore);
  });

  it("closes an enquiry and opens it again, auditing each change", async () => {
    const enquiry = await insertEnquiry("Flo");
    const closed = await setStatus(enquiry.id, { status: "closed" });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id: enquiry.id, status: "closed" });
    const reopened = await setStatus(enquiry.id, { status: "new" });
    expect(reopened.body).toMatchObject({ status: "new" });
    expect((await setStatus(enquiry.id, { status: "archived" })).status).toBe(422);

    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "enquiry"), eq(auditLog.subjectId, enquiry.id)))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.detail])).toEqual([
      ["enquiry.status", { from: "new", to: "closed" }],
      ["enquiry.status", { from: "closed", to: "new" }],
    ]);
  });
});

describe("GET /api/moderation/counts", () => {
  it("counts listings in review and awaiting payment, edits waiting and new enquiries", async () => {
    const counts = async () =>
      (await callApi(countsHandler, { headers: bearer(tokens.moderator) })).body!;
    expect((await callApi(countsHandler, { headers: bearer(tokens.other) })).status).toBe(403);
    const before = await counts();
    await liveJob("Review me", { status: "pending" });
    await liveJob("Pay me", { status: "pending", paymentStatus: "awaiting_payment" });
    await liveJob("Invoice me", { status: "pending", paymentStatus: "invoice_due" });
    const live = await liveJob("Edit me");
    await handle.db.insert(listingEdits).values({ jobId: live.id, changes: {} as never });
    await insertEnquiry("Gus");
    await insertEnquiry("Hal", { status: "replied" });
    expect(await counts()).toEqual({
      in_review: (before.in_review as number) + 2,
      awaiting_payment: (before.awaiting_payment as number) + 1,
      edits_pending: (before.edits_pending as number) + 1,
      new_enquiries: (before.new_enquiries as number) + 1,
      overdue_invoices: before.overdue_invoices,
    });
  });
});

describe("GET /api/moderation/review: held drafts", () => {
  it("gives each draft its plan's price from the offer, and what the drafts come to", async () => {
    const queue = async () =>
      (await callApi(reviewQueueHandler, { headers: bearer(tokens.moderator) }))
        .body as unknown as ReviewQueue;
    const before = await queue();
    const featured = await liveJob("Draft Featured", {
      status: "pending",
      paymentStatus: "awaiting_payment",
      plan: "featured",
    });
    const sponsored = await liveJob("Draft Sponsored", {
      status: "pending",
      paymentStatus: "awaiting_payment",
      plan: "sponsored",
    });
    // Paid: in review, no draft.
    await liveJob("Paid Featured", { status: "pending", paymentStatus: "paid", plan: "featured" });
    const after = await queue();
    expect(after.currency).toBe("usd");
    expect(after.drafts_value_minor - before.drafts_value_minor).toBe(34900 + 19900);
    const drafts = new Map(after.awaiting_payment.map((item) => [item.id, item]));
    expect(drafts.get(featured.id)).toMatchObject({ plan_name: "Featured", price_minor: 34900 });
    expect(drafts.get(sponsored.id)).toMatchObject({ plan_name: "Sponsored", price_minor: 19900 });
    expect(after.awaiting_payment).toHaveLength(before.awaiting_payment.length + 2);
    expect(after.drafts_value_minor).toBe(
      after.awaiting_payment.reduce((sum, item) => sum + item.value_minor, 0),
    );
  });
});

describe("GET /api/moderation/review: a held draft's coupon (issue 63)", () => {
  it("values a draft at its price after the coupon kept for its checkout, percent or amount, with the code", async () => {
    const percent = `PCT${run}`.toUpperCase();
    const amount = `AMT${run}`.toUpperCase();
    const expired = `OLD${run}`.toUpperCase();
    await createCoupon(handle.db, { code: percent, kind: "percent", percentBp: 1250 });
    await createCoupon(handle.db, { code: amount, kind: "amount", amountMinor: 5000 });
    await createCoupon(handle.db, {
      code: expired,
      kind: "amount",
      amountMinor: 5000,
      expiresAt: new Date(Date.now() - day),
    });
    const draft = (title: string, plan: string, couponCode: string) =>
      liveJob(title, { status: "pending", paymentStatus: "awaiting_payment", plan, couponCode });
    const before = (await callApi(reviewQueueHandler, { headers: bearer(tokens.moderator) }))
      .body as unknown as ReviewQueue;
    const byPercent = await draft("Draft Percent", "featured", percent.toLowerCase());
    const byAmount = await draft("Draft Amount", "sponsored", amount);
    const byExpired = await draft("Draft Expired", "sponsored", expired);
    const after = (await callApi(reviewQueueHandler, { headers: bearer(tokens.moderator) }))
      .body as unknown as ReviewQueue;
    const drafts = new Map(after.awaiting_payment.map((item) => [item.id, item]));
    // 12.5% of $349 is $43.625, rounded half up to $43.63 (the quote's own sum).
    expect(drafts.get(byPercent.id)).toMatchObject({
      price_minor: 34900,
      coupon: { code: percent, discount_minor: 4363 },
      value_minor: 30537,
    });
    expect(drafts.get(byAmount.id)).toMatchObject({
      price_minor: 19900,
      coupon: { code: amount, discount_minor: 5000 },
      value_minor: 14900,
    });
    // An expired code would be refused at its checkout: the draft is worth its price.
    expect(drafts.get(byExpired.id)).toMatchObject({
      price_minor: 19900,
      coupon: null,
      value_minor: 19900,
    });
    expect(after.drafts_value_minor - before.drafts_value_minor).toBe(30537 + 14900 + 19900);
    expect(after.drafts_value_minor).toBe(
      after.awaiting_payment.reduce((sum, item) => sum + item.value_minor, 0),
    );
  });
});

describe("the audit log", () => {
  const list = (query: Record<string, string> = {}, token = tokens.moderator) =>
    callApi(auditHandler, { query, headers: bearer(token) });

  it("records a moderator's decisions, in the decision's transaction", async () => {
    const decide = (id: number, body: unknown) =>
      callApi(decisionHandler, {
        method: "POST",
        params: { listingId: String(id) },
        headers: bearer(tokens.moderator),
        body,
      });
    const approved = await liveJob("Approve me", { status: "pending" });
    const rejected = await liveJob("Reject me", { status: "pending" });
    const invoiced = await liveJob("Invoice me", {
      status: "pending",
      paymentStatus: "invoice_due",
    });
    expect((await decide(approved.id, { decision: "approve" })).status).toBe(200);
    expect(
      (await decide(rejected.id, { decision: "reject", reason: "No pay range is given." })).status,
    ).toBe(200);
    expect((await decide(invoiced.id, { decision: "mark_paid" })).status).toBe(200);
    // A refused decision leaves no entry.
    expect((await decide(approved.id, { decision: "approve" })).status).toBe(409);

    const entriesOf = async (id: number) =>
      (await list({ subject_type: "listing", subject_id: String(id) })).body!.entries as {
        action: string;
        role: string;
        actor_email: string;
        detail: unknown;
      }[];
    expect(await entriesOf(approved.id)).toEqual([
      expect.objectContaining({
        action: "listing.approve",
        role: "moderator",
        actor_email: MODERATOR_EMAIL,
        detail: {},
      }),
    ]);
    expect(await entriesOf(rejected.id)).toEqual([
      expect.objectContaining({
        action: "listing.reject",
        detail: { reason: "No pay range is given." },
      }),
    ]);
    expect((await entriesOf(invoiced.id)).map((entry) => entry.action)).toEqual([
      "listing.mark_paid",
    ]);
    const [row] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, approved.id), eq(auditLog.subjectType, "listing")));
    expect(row!.actorId).toBe(moderatorId);
  });

  it("pages newest first, 50 at a time, by the last id seen; only for moderators", async () => {
    expect((await list({}, tokens.other)).status).toBe(403);
    const enquiry = await insertEnquiry("Ivy");
    await handle.db.transaction(async (tx) => {
      for (let n = 1; n <= 55; n += 1) {
        await recordAudit(
          tx,
          { role: "system", id: null, email: null },
          { action: "enquiry.test", subjectType: "enquiry", subjectId: enquiry.id, detail: { n } },
        );
      }
    });
    const query = { subject_type: "enquiry", subject_id: String(enquiry.id) };
    const first = await list(query);
    expect(first.status).toBe(200);
    const firstEntries = first.body!.entries as { id: number; detail: { n: number } }[];
    expect(firstEntries).toHaveLength(50);
    expect(firstEntries[0]!.detail.n).toBe(55);
    expect(firstEntries[49]!.detail.n).toBe(6);
    expect(first.body!.next_before).toBe(firstEntries[49]!.id);

    const second = await list({ ...query, before: String(first.body!.next_before) });
    const secondEntries = second.body!.entries as { detail: { n: number } }[];
    expect(secondEntries.map((entry) => entry.detail.n)).toEqual([5, 4, 3, 2, 1]);
    expect(second.body!.next_before).toBeNull();

    expect((await list({ subject_id: "3" })).status).toBe(422);
    expect((await list({ subject_type: "user" })).status).toBe(422);
  });

  it("forgets a deleted account's email on its entries; the entries stay", async () => {
    const [account] = await handle.db
      .insert(users)
      .values({
        firebaseUid: `leaving-${run}`,
        email: `leaving-${run}@studio.example`,
        emailVerified: true,
      })
      .returning();
    const enquiry = await insertEnquiry("Jo");
    await recordAudit(
      handle.db,
      { role: "employer", id: account!.id, email: account!.email },
      { action: "enquiry.test", subjectType: "enquiry", subjectId: enquiry.id },
    );
    const other = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, MODERATOR_EMAIL));
    expect(other.length).toBeGreaterThan(0);

    await deleteUser(handle.db, account!);

    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "enquiry"), eq(auditLog.subjectId, enquiry.id)));
    expect(entries).toEqual([
      expect.objectContaining({ action: "enquiry.test", actorId: null, actorEmail: null }),
    ]);
    // Nobody else's entries changed.
    expect(
      await handle.db.select().from(auditLog).where(eq(auditLog.actorEmail, MODERATOR_EMAIL)),
    ).toEqual(other);
  });
});
