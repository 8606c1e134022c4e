// @vitest-environment node
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appSecrets,
  jobApplications,
  listingStats,
  statsVisitors,
  users,
  type NewJob,
} from "@/lib/server/db/schema";
import { getQueue } from "@/lib/server/queue/queue";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import { recordListingEvent, STATS_DAYS } from "@/features/listings/server/listing-stats";
import { addDays, utcDay } from "@/lib/server/stats/visitor-counts";
import currentUserHandler from "@/pages/api/current_user";
import favoritesHandler from "@/pages/api/saved_jobs/index";
import unsaveHandler from "@/pages/api/saved_jobs/[jobId]";
import eventsHandler from "@/pages/api/jobs/[jobId]/events";
import rejectionsHandler from "@/pages/api/hidden_jobs/index";
import statsHandler from "@/pages/api/listings/[listingId]/stats";
import { callApi } from "@/tests/api/call";
import { bearer, googleIdToken } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { addMember } from "@/tests/support/teams";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * Listing statistics: job pages report views and apply clicks, counted once per visitor per
 * listing per day and never for crawlers; candidates' saves and not-interested marks count once;
 * the employer reads their own listing's figures, with the applications received on the board;
 * who was counted is forgotten after a day.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);
const tokens = { employer: "", other: "", candidate: "" };
let employerId = 0;
let companyId = 0;
const userIds = { employer: 0, other: 0, candidate: 0 };

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const OTHER_BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const DAY = 86_400_000;
const fromNow = (days: number) => new Date(Date.now() + days * DAY);

beforeAll(async () => {
  const who = ["employer", "other", "candidate"] as const;
  const signedIn = await Promise.all(
    who.map((name) =>
      googleIdToken({ sub: `${name}-${run}`, email: `${name}-${run}@stats.example`, name }),
    ),
  );
  who.forEach((name, i) => (tokens[name] = signedIn[i]!));
  for (const token of Object.values(tokens)) {
    expect((await callApi(currentUserHandler, { headers: bearer(token) })).status).toBe(200);
  }
  for (const name of who) {
    const [user] = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `${name}-${run}@stats.example`));
    userIds[name] = user!.id;
  }
  employerId = userIds.employer;
  companyId = (await insertCompany(handle.db, `stats-${run}`, "Stats Studio")).id;
  await addMember(handle.db, companyId, { id: employerId });
});

let listings = 0;
/** An open listing of the employer's, published `publishedDaysAgo` days ago. */
const openListing = (overrides: Partial<NewJob> = {}, publishedDaysAgo = 3) =>
  insertJob(handle.db, {
    title: `Stats Editor ${(listings += 1)}`,
    companyId,
    submittedBy: employerId,
    publishedAt: fromNow(-publishedDaysAgo),
    expiresAt: fromNow(30),
    ...overrides,
  });

const send = (
  jobId: number | string,
  event: unknown,
  {
    address = "10.20.0.1",
    userAgent = BROWSER,
  }: { address?: string; userAgent?: string | null } = {},
) =>
  callApi(eventsHandler, {
    method: "POST",
    params: { jobId: String(jobId) },
    body: { event },
    address,
    headers: userAgent === null ? {} : { "user-agent": userAgent },
  });

/** The listing's row of today, or zeros. */
async function today(jobId: number) {
  const [row] = await handle.db
    .select()
    .from(listingStats)
    .where(and(eq(listingStats.jobId, jobId), eq(listingStats.day, utcDay(new Date()))));
  const { views = 0, applyClicks = 0, saves = 0, notInterested = 0 } = row ?? {};
  return { views, applyClicks, saves, notInterested };
}

describe("POST /api/jobs/{jobId}/events", () => {
  it("counts a view once per visitor a day, however often the same visitor sends it", async () => {
    const job = await openListing();
    const visitor = { address: "10.20.1.1" };
    expect(await send(job.id, "view", visitor)).toMatchObject({
      status: 200,
      body: { counted: true },
    });
    for (let again = 0; again < 3; again++) {
      expect(await send(job.id, "view", visitor)).toMatchObject({
        status: 200,
        body: { counted: false },
      });
    }
    expect(await today(job.id)).toEqual({ views: 1, applyClicks: 0, saves: 0, notInterested: 0 });

    // Another address, or another browser at the same address, is another visitor.
    expect((await send(job.id, "view", { address: "10.20.1.2" })).body).toEqual({ counted: true });
    expect(
      (await send(job.id, "view", { address: "10.20.1.1", userAgent: OTHER_BROWSER })).body,
    ).toEqual({ counted: true });
    expect((await today(job.id)).views).toBe(3);

    // The same visitor on another listing counts there.
    const other = await openListing();
    expect((await send(other.id, "view", visitor)).body).toEqual({ counted: true });
    expect((await today(other.id)).views).toBe(1);
    expect((await today(job.id)).views).toBe(3);
  });

  it("counts the same visitor again the next day", async () => {
    const job = await openListing();
    const visit = (now: Date) =>
      recordListingEvent(handle.db, {
        jobId: job.id,
        event: "view",
        address: "10.20.2.1",
        userAgent: BROWSER,
        now,
      });
    const tomorrow = fromNow(1);
    expect(await visit(new Date())).toBe(true);
    expect(await visit(new Date())).toBe(false);
    expect(await visit(tomorrow)).toBe(true);
    expect(await visit(tomorrow)).toBe(false);
    const rows = await handle.db
      .select({ day: listingStats.day, views: listingStats.views })
      .from(listingStats)
      .where(eq(listingStats.jobId, job.id));
    expect(rows.sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { day: utcDay(new Date()), views: 1 },
      { day: utcDay(tomorrow), views: 1 },
    ]);
  });

  it("counts nothing for a crawler, nor for a request without a User-Agent", async () => {
    const job = await openListing();
    expect(await send(job.id, "view", { userAgent: GOOGLEBOT })).toMatchObject({
      status: 200,
      body: { counted: false },
    });
    expect((await send(job.id, "apply", { userAgent: GOOGLEBOT })).body).toEqual({
      counted: false,
    });
    expect((await send(job.id, "view", { userAgent: null })).body).toEqual({ counted: false });
    expect(await today(job.id)).toEqual({ views: 0, applyClicks: 0, saves: 0, notInterested: 0 });
  });

  it("counts an apply click once per visitor a day, apart from the view", async () => {
    const job = await openListing();
    const visitor = { address: "10.20.3.1" };
    expect((await send(job.id, "view", visitor)).body).toEqual({ counted: true });
    expect((await send(job.id, "apply", visitor)).body).toEqual({ counted: true });
    expect((await send(job.id, "apply", visitor)).body).toEqual({ counted: false });
    expect((await send(job.id, "apply", { address: "10.20.3.2" })).body).toEqual({
      counted: true,
    });
    expect(await today(job.id)).toEqual({ views: 1, applyClicks: 2, saves: 0, notInterested: 0 });
  });

  it("answers 404 for a job that does not exist or is not open, and counts nothing", async () => {
    const closed = await Promise.all([
      openListing({ status: "filled" }),
      openListing({ status: "pending" }),
      openListing({ expiresAt: fromNow(-1) }),
    ]);
    for (const job of closed) {
      expect(await send(job.id, "view")).toMatchObject({
        status: 404,
        body: { code: "not_found" },
      });
      expect(await today(job.id)).toMatchObject({ views: 0 });
    }
    expect((await send(999_999, "view")).status).toBe(404);
    expect((await send("not-a-job", "view")).status).toBe(404);
  });

  it("refuses an event it does not know (422), and a body that is not JSON", async () => {
    const job = await openListing();
    const bad = await send(job.id, "purchase");
    expect(bad).toMatchObject({ status: 422, body: { code: "invalid_input" } });
    expect((bad.body as { errors: Record<string, string[]> }).errors.event).toBeDefined();
    const text = await callApi(eventsHandler, {
      method: "POST",
      params: { jobId: String(job.id) },
      raw: "view",
      headers: { "content-type": "text/plain", "user-agent": BROWSER },
    });
    expect(text.status).toBe(415);
    expect((await callApi(eventsHandler, { params: { jobId: String(job.id) } })).status).toBe(405);
    expect(await today(job.id)).toMatchObject({ views: 0 });
  });

  it("limits how many events one address sends a minute", async () => {
    const job = await openListing();
    const address = `10.21.${Math.floor(Math.random() * 250)}.9`;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await send(job.id, "view", { address })).status);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await today(job.id)).views).toBe(1);
  });

  it("stores nothing that names the visitor: only a hash of the day's salt and them", async () => {
    const job = await openListing();
    await send(job.id, "view", { address: "10.20.9.9" });
    const marks = await handle.db.select().from(statsVisitors);
    expect(marks.length).toBeGreaterThan(0);
    for (const { mark, day } of marks) {
      expect(mark).toMatch(/^[\w-]{43}$/);
      expect(mark).not.toContain("10.20");
      expect([utcDay(new Date()), utcDay(fromNow(1))]).toContain(day);
    }
  });
});

describe("saves and not-interested marks", () => {
  const mark = (handler: typeof favoritesHandler, jobId: number) =>
    callApi(handler, {
      method: "POST",
      headers: bearer(tokens.candidate),
      body: { job_id: jobId },
    });

  it("count once per candidate per listing a day, when newly made", async () => {
    const job = await openListing();
    expect((await mark(favoritesHandler, job.id)).status).toBe(201);
    expect((await mark(favoritesHandler, job.id)).status).toBe(200);
    expect(await today(job.id)).toEqual({ views: 0, applyClicks: 0, saves: 1, notInterested: 0 });

    // Unsaving and saving again the same day does not count again.
    const unsaved = await callApi(unsaveHandler, {
      method: "DELETE",
      headers: bearer(tokens.candidate),
      params: { jobId: String(job.id) },
    });
    expect(unsaved.status).toBe(200);
    expect((await mark(favoritesHandler, job.id)).status).toBe(201);
    expect((await today(job.id)).saves).toBe(1);

    // Not interested (which unsaves) counts once too; saving again still does not.
    expect((await mark(rejectionsHandler, job.id)).status).toBe(201);
    expect((await mark(rejectionsHandler, job.id)).status).toBe(200);
    expect((await mark(favoritesHandler, job.id)).status).toBe(201);
    expect(await today(job.id)).toEqual({ views: 0, applyClicks: 0, saves: 1, notInterested: 1 });

    // Another candidate counts.
    const other = await callApi(favoritesHandler, {
      method: "POST",
      headers: bearer(tokens.other),
      body: { job_id: job.id },
    });
    expect(other.status).toBe(201);
    expect((await today(job.id)).saves).toBe(2);
  });
});

describe("GET /api/listings/{listingId}/stats", () => {
  const read = (token: string, id: number | string) =>
    callApi(statsHandler, {
      headers: token ? bearer(token) : {},
      params: { listingId: String(id) },
    });

  it("answers the owner totals and each day since publication, zeros on empty days", async () => {
    const job = await openListing({}, 3);
    await send(job.id, "view", { address: "10.20.5.1" });
    await send(job.id, "view", { address: "10.20.5.2" });
    await send(job.id, "apply", { address: "10.20.5.2" });
    await mark(job.id);
    // Two days ago, written as the counting would have.
    const twoDaysAgo = addDays(utcDay(new Date()), -2);
    await handle.db.insert(listingStats).values({ jobId: job.id, day: twoDaysAgo, views: 5 });

    const answer = await read(tokens.employer, job.id);
    expect(answer.status).toBe(200);
    const { stats } = answer.body as {
      stats: { listing_id: number; totals: object; days: { day: string; views: number }[] };
    };
    expect(stats.listing_id).toBe(job.id);
    expect(stats.totals).toEqual({
      views: 7,
      apply_clicks: 1,
      saves: 1,
      not_interested: 0,
      applications: 0,
      applications_withdrawn: 0,
    });
    const todayDay = utcDay(new Date());
    expect(stats.days.map((day) => day.day)).toEqual(
      [-3, -2, -1, 0].map((n) => addDays(todayDay, n)),
    );
    const zero = { views: 0, apply_clicks: 0, saves: 0, not_interested: 0, applications: 0 };
    expect(stats.days).toEqual([
      { ...zero, day: addDays(todayDay, -3) },
      { ...zero, day: twoDaysAgo, views: 5 },
      { ...zero, day: addDays(todayDay, -1) },
      { ...zero, day: todayDay, views: 2, apply_clicks: 1, saves: 1 },
    ]);
    // It takes applications at its link: none on the board.
    expect((answer.body as { stats: { apply_method: string } }).stats.apply_method).toBe("link");
  });

  it("counts the applications received on the board each day, withdrawn ones too", async () => {
    const job = await openListing({ applyMethod: "board", applyUrl: null }, 40);
    const todayDay = utcDay(new Date());
    const apply = (who: keyof typeof userIds, daysAgo: number, withdrawn = false) =>
      handle.db.insert(jobApplications).values({
        jobId: job.id,
        userId: userIds[who],
        fullName: who,
        email: `${who}-${run}@stats.example`,
        // Late in the UTC day, so that the day is the UTC one whatever the server's zone.
        createdAt: new Date(`${addDays(todayDay, -daysAgo)}T23:30:00Z`),
        withdrawnAt: withdrawn ? new Date() : null,
      });
    await apply("candidate", 0);
    await apply("other", 2, true);
    // Before the 30 days shown: in the totals only.
    await apply("employer", 35);
    // Another listing's applications are not this one's.
    const other = await openListing({ applyMethod: "board", applyUrl: null });
    await handle.db.insert(jobApplications).values({
      jobId: other.id,
      userId: userIds.candidate,
      fullName: "candidate",
      email: `candidate-${run}@stats.example`,
    });

    const answer = await read(tokens.employer, job.id);
    expect(answer.status).toBe(200);
    const { stats } = answer.body as {
      stats: {
        apply_method: string;
        totals: Record<string, number>;
        days: { day: string; applications: number }[];
      };
    };
    expect(stats.apply_method).toBe("board");
    expect(stats.totals).toMatchObject({ applications: 3, applications_withdrawn: 1 });
    expect(stats.days).toHaveLength(STATS_DAYS);
    const received = stats.days.filter((day) => day.applications > 0);
    expect(received).toEqual([
      expect.objectContaining({ day: addDays(todayDay, -2), applications: 1 }),
      expect.objectContaining({ day: todayDay, applications: 1 }),
    ]);

    // Another employer learns nothing of them: 404, as if the listing did not exist.
    const stranger = await read(tokens.other, job.id);
    expect(stranger).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect(JSON.stringify(stranger.body)).not.toContain("applications");
  });

  it("shows at most the last 30 days of a listing published longer ago, totals from the start", async () => {
    const job = await openListing({}, 45);
    const old = addDays(utcDay(new Date()), -40);
    await handle.db.insert(listingStats).values({ jobId: job.id, day: old, views: 4, saves: 2 });
    const { stats } = (await read(tokens.employer, job.id)).body as {
      stats: { totals: { views: number; saves: number }; days: { day: string }[] };
    };
    expect(stats.days).toHaveLength(STATS_DAYS);
    expect(stats.days.at(-1)!.day).toBe(utcDay(new Date()));
    expect(stats.totals).toMatchObject({ views: 4, saves: 2 });
  });

  it("is the owner's only: another user and an unknown listing are 404, nobody signed in 401", async () => {
    const job = await openListing();
    expect(await read(tokens.other, job.id)).toMatchObject({
      status: 404,
      body: { code: "not_found" },
    });
    expect((await read(tokens.employer, 999_999)).status).toBe(404);
    expect((await read("", job.id)).status).toBe(401);
  });

  async function mark(jobId: number) {
    const saved = await callApi(favoritesHandler, {
      method: "POST",
      headers: bearer(tokens.candidate),
      body: { job_id: jobId },
    });
    expect(saved.status).toBe(201);
  }
});

describe("the forget-stats-visitors task", () => {
  it("deletes the visitor marks and salts of days before yesterday, and keeps the figures", async () => {
    const todayDay = utcDay(new Date());
    const days = [-3, -2, -1, 0].map((n) => addDays(todayDay, n));
    await handle.db
      .insert(statsVisitors)
      .values(days.map((day) => ({ day, mark: `test-mark-${run}-${day}` })))
      .onConflictDoNothing();
    await handle.db
      .insert(appSecrets)
      .values([
        ...days.map((day) => ({ name: `stats-salt-${day}`, value: "c2FsdA" })),
        { name: `other-secret-${run}`, value: "c2VjcmV0" },
      ])
      .onConflictDoNothing();
    const job = await openListing();
    await handle.db.insert(listingStats).values({ jobId: job.id, day: days[0]!, views: 3 });

    const result = await TASK_HANDLERS["forget-stats-visitors"]({
      db: handle.db,
      boss: await getQueue(handle),
      now: new Date(),
      data: {},
    });
    expect(result).toEqual({ marks: 2, salts: 2 });

    const marks = await handle.db
      .select({ day: statsVisitors.day })
      .from(statsVisitors)
      .where(like(statsVisitors.mark, `test-mark-${run}-%`));
    expect(marks.map((row) => row.day).sort()).toEqual(days.slice(2));
    const salts = await handle.db
      .select({ name: appSecrets.name })
      .from(appSecrets)
      .where(like(appSecrets.name, "stats-salt-%"));
    // Today's and yesterday's stay (and tomorrow's, made by a test above).
    expect(
      salts
        .map((row) => row.name)
        .filter((name) => name <= `stats-salt-${todayDay}`)
        .sort(),
    ).toEqual(days.slice(2).map((day) => `stats-salt-${day}`));
    const [other] = await handle.db
      .select()
      .from(appSecrets)
      .where(eq(appSecrets.name, `other-secret-${run}`));
    expect(other).toBeDefined();
    const [kept] = await handle.db
      .select({ views: listingStats.views })
      .from(listingStats)
      .where(and(eq(listingStats.jobId, job.id), eq(listingStats.day, days[0]!)));
    expect(kept).toEqual({ views: 3 });

    // Nothing more to forget.
    expect(
      await TASK_HANDLERS["forget-stats-visitors"]({
        db: handle.db,
        boss: await getQueue(handle),
        now: new Date(),
        data: {},
      }),
    ).toEqual({ marks: 0, salts: 0 });
  });
});
