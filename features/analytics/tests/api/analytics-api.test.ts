// @vitest-environment node
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  analyticsReportSchema,
  employerFunnelSchema,
  type AnalyticsReport,
  type EmployerFunnel,
} from "@/features/analytics/analytics-schemas";
import { boardMembers, jobApplications, siteStats } from "@/lib/server/db/schema";
import { utcDay } from "@/lib/server/stats/visitor-counts";
import moderationHandler from "@/pages/api/moderation/review/[listingId]";
import { callApi } from "@/tests/api/call";
import { applicant, person, postListing, routeFor, type Person } from "@/tests/api/team-suite";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The analytics API (issue 65) through its routes: the owner's report and CSV for the board's
 * owners and moderators only, its bad ranges and hostile queries 422, and the employer's
 * funnel showing the caller's own company and nothing of another's, its applicants moved
 * through the real pipeline.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const MODERATOR = `moderator-${run}@analytics.example`;
const people = {} as Record<
  "moderator" | "editor" | "finance" | "candidate" | "ownerA" | "ownerB",
  Person
>;
const listings = { a: 0, b: 0 };
const today = utcDay(new Date());

const report = routeFor("/api/moderation/analytics");
const csv = routeFor("/api/moderation/analytics.csv");
const funnel = routeFor("/api/company/funnel");

const get = (
  handler: ReturnType<typeof routeFor>,
  who: Person | null,
  query: Record<string, string | string[]> = {},
) => callApi(handler, { query, headers: who ? bearer(who.token) : {} });

beforeAll(async () => {
  vi.stubEnv("ADMIN_EMAILS", MODERATOR);
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  const db = handle.db;
  for (const name of ["moderator", "editor", "finance", "candidate", "ownerA", "ownerB"] as const) {
    const email = name === "moderator" ? MODERATOR : `${name}-${run}@analytics.example`;
    people[name] = await person(db, `analytics-${name}-${run}`, email, name);
  }
  for (const role of ["editor", "finance"] as const) {
    await db.insert(boardMembers).values({ userId: people[role].userId, role });
  }
  for (const [key, owner] of [
    ["a", people.ownerA],
    ["b", people.ownerB],
  ] as const) {
    const { jobId } = await postListing(db, owner, `Analytics ${key.toUpperCase()} ${run}`);
    const approved = await callApi(moderationHandler, {
      method: "POST",
      params: { listingId: String(jobId) },
      headers: bearer(people.moderator.token),
      body: { decision: "approve" },
    });
    expect(approved.status).toBe(200);
    listings[key] = jobId;
  }
  // Company A's applicants: one moved to interview, one hired, through the employer's route.
  const moves = [
    ["ada", "interview", "linkedin.com"],
    ["bo", "hired", "ニュースレター"],
    ["cy", null, null],
  ] as const;
  for (const [name, stage, source] of moves) {
    const id = await applicant(db, listings.a, `${name}-${run}`);
    await db.update(jobApplications).set({ source }).where(eq(jobApplications.id, id));
    if (stage) {
      const moved = await callApi(
        routeFor("/api/listings/{listingId}/applicants/{applicationId}"),
        {
          method: "PATCH",
          params: { listingId: String(listings.a), applicationId: String(id) },
          headers: bearer(people.ownerA.token),
          body: { stage },
        },
      );
      expect(moved.status).toBe(200);
    }
  }
  await applicant(db, listings.b, `dee-${run}`);
  await db.insert(siteStats).values([
    { day: today, dimension: "total", value: "", views: 40, visitors: 12 },
    { day: today, dimension: "referrer", value: "=cmd|' /C calc'!A0", views: 3, visitors: 2 },
  ]);
}, 120_000);

afterAll(() => {
  vi.unstubAllEnvs();
});

describe("the owner's analytics report", () => {
  it("answers a moderator the dashboard, in its schema", async () => {
    const answer = await get(report, people.moderator, { by: "source" });
    expect(answer.status).toBe(200);
    const body = analyticsReportSchema.parse(answer.body) as AnalyticsReport;
    expect(body.traffic.range.to).toBe(today);
    expect(body.traffic.days).toHaveLength(7);
    expect(body.traffic.visitors.current).toBeGreaterThanOrEqual(12);
    const typed = body.funnel.rows.find((row) => row.key === "typed")!;
    expect(typed.listings).toBeGreaterThanOrEqual(2);
    expect(body.funnel.total).toMatchObject({ interviews: 2, hires: 1 });
    expect(body.funnel.total.applications).toBeGreaterThanOrEqual(4);
  });

  it("refuses an editor, a finance member, a candidate and nobody signed in", async () => {
    for (const [who, status] of [
      [people.editor, 403],
      [people.finance, 403],
      [people.candidate, 403],
      [null, 401],
    ] as const) {
      expect((await get(report, who)).status).toBe(status);
      expect((await get(csv, who, { table: "days" })).status).toBe(status);
    }
  });

  it.each([
    ["backwards", { from: "2026-03-10", to: "2026-03-01" }, "to"],
    ["over 366 days", { from: "2025-01-01", to: "2026-01-02" }, "to"],
    ["a day the calendar lacks", { from: "2026-02-30", to: "2026-03-02" }, "from"],
    ["a day not written as one", { from: "1/3/2026" }, "from"],
    ["a repeated day", { from: ["2026-03-01", "2026-03-02"] }, "from"],
    ["an unknown dimension", { by: "salary" }, "by"],
    ["__proto__", '{"__proto__":"x"}', null],
    ["a key it does not take", '{"constructor":"x"}', null],
  ] as const)("is 422 for %s", async (_name, query, field) => {
    // Parsed from JSON, as a query string is: "__proto__" is then a key like any other.
    const parsed = JSON.parse(typeof query === "string" ? query : JSON.stringify(query));
    const answer = await get(report, people.moderator, parsed as Record<string, string>);
    expect(answer.status).toBe(422);
    const errors = (answer.body as { errors: Record<string, string[]> }).errors;
    expect(errors).toBeTypeOf("object");
    if (field) expect(Object.keys(errors)).toContain(field);
  });

  it("accepts a range of 366 days exactly", async () => {
    const answer = await get(report, people.moderator, { from: "2025-01-01", to: "2026-01-01" });
    expect(answer.status).toBe(200);
    expect((answer.body as AnalyticsReport).traffic.previous).toEqual({
      from: "2024-01-01",
      to: "2024-12-31",
    });
  });
});

describe("the dashboard's CSV", () => {
  it("is a private attachment, a formula quoted", async () => {
    const answer = await get(csv, people.moderator, { table: "sources" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.headers["content-disposition"]).toMatch(
      /^attachment; filename="analytics-sources-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = answer.bytes.toString("utf8");
    expect(text).toContain("source,visitors,views,previous_visitors\r\n");
    expect(text).toContain(`'=cmd|' /C calc'!A0,2,3,0`);
  });

  it("is 422 without a table, or with one it does not have", async () => {
    const queries: Record<string, string | string[]>[] = [
      {},
      { table: "salaries" },
      { table: ["days", "pages"] },
    ];
    for (const query of queries) {
      const answer = await get(csv, people.moderator, query);
      expect(answer.status).toBe(422);
      expect((answer.body as { errors: object }).errors).toHaveProperty("table");
    }
  });
});

describe("the employer's funnel", () => {
  it("shows each company its own listings only", async () => {
    for (const [owner, own, other] of [
      [people.ownerA, listings.a, listings.b],
      [people.ownerB, listings.b, listings.a],
    ] as const) {
      const answer = await get(funnel, owner);
      expect(answer.status).toBe(200);
      const body = employerFunnelSchema.parse(answer.body) as EmployerFunnel;
      expect(body.listings.map((row) => row.key)).toEqual([String(own)]);
      expect(JSON.stringify(body)).not.toContain(`"key":"${other}"`);
      expect(body.company.listings).toBe(1);
    }
    const a = (await get(funnel, people.ownerA)).body as EmployerFunnel;
    expect(a.company).toMatchObject({ applications: 3, interviews: 2, hires: 1 });
    expect(a.sources).toEqual([
      { source: "linkedin.com", applications: 1 },
      { source: "unknown", applications: 1 },
      { source: "ニュースレター", applications: 1 },
    ]);
    const b = (await get(funnel, people.ownerB)).body as EmployerFunnel;
    expect(b.sources).toEqual([{ source: "unknown", applications: 1 }]);
    expect(b.company).toMatchObject({ applications: 1, interviews: 0, hires: 0 });
    // Both listings are in the same department: the board's median is over the two.
    expect(b.listings[0]!.board_median_applications).toBe(2);
  });

  it("refuses a candidate, and a bad range or query", async () => {
    const candidate = await get(funnel, people.candidate);
    // As every employer route tells someone in no company: there is none (404), nothing shown.
    expect(candidate.status).toBe(404);
    expect(candidate.body).not.toHaveProperty("listings");
    expect((await get(funnel, null)).status).toBe(401);
    for (const query of [
      { from: "2026-03-10", to: "2026-03-01" },
      { company_id: "1" },
      JSON.parse('{"__proto__":"1"}') as Record<string, string>,
      { to: ["2026-03-01", "2026-03-02"] },
    ]) {
      const answer = await get(funnel, people.ownerA, query);
      expect(answer.status).toBe(422);
    }
  });
});
