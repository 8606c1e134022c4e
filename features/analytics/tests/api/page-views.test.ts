// @vitest-environment node
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { searchStats, siteStats, statsVisitors } from "@/lib/server/db/schema";
import type { SiteStatDimension } from "@/lib/model/analytics";
import { analyticsCsv } from "@/features/analytics/server/csv";
import {
  OTHER_VALUE,
  recordPageView,
  VALUES_PER_DAY,
} from "@/features/analytics/server/page-views";
import { analyticsReport } from "@/features/analytics/server/report";
import { utcDay } from "@/lib/server/stats/visitor-counts";
import viewsHandler from "@/pages/api/stats/views";
import { callApi } from "@/tests/api/call";
import { setUpTestDatabase } from "@/tests/support/database";

/*
 * The board's own traffic through POST /api/stats/views: each figure's visitors once per visitor
 * per day (a new day, a new visitor, with marks that share nothing), every view a view; crawlers
 * and requests asking not to be tracked count nothing; searches with their result counts, terms
 * as typed; sources as hosts or campaigns, the board's own host none; hostile bodies refused.
 */

const handle = setUpTestDatabase();
const run = Math.random().toString(36).slice(2, 8);

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
/** iPadOS Safari's default User-Agent: a Mac's. */
const MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const HOST = "board.test";

let addresses = 0;
const newAddress = () => `10.65.${Math.floor((addresses += 1) / 250)}.${addresses % 250}`;

const view = (
  body: unknown,
  {
    address = newAddress(),
    userAgent = BROWSER,
    headers = {},
  }: { address?: string; userAgent?: string | null; headers?: Record<string, string> } = {},
) =>
  callApi(viewsHandler, {
    method: "POST",
    body,
    address,
    headers: { host: HOST, ...(userAgent === null ? {} : { "user-agent": userAgent }), ...headers },
  });

/** A figure's row of a day, or zeros. */
async function figure(dimension: SiteStatDimension, value: string, day = utcDay(new Date())) {
  const [row] = await handle.db
    .select({ views: siteStats.views, visitors: siteStats.visitors })
    .from(siteStats)
    .where(
      and(eq(siteStats.day, day), eq(siteStats.dimension, dimension), eq(siteStats.value, value)),
    );
  return row ?? { views: 0, visitors: 0 };
}

async function search(term: string) {
  const [row] = await handle.db
    .select()
    .from(searchStats)
    .where(and(eq(searchStats.day, utcDay(new Date())), eq(searchStats.term, term)));
  return row;
}

/** Every row the traffic tables and the marks hold. */
const everything = async () =>
  Promise.all(
    [siteStats, searchStats, statsVisitors].map(async (table) => {
      const [row] = await handle.db.select({ count: count() }).from(table);
      return row!.count;
    }),
  );

const total = () => figure("total", "");

describe("POST /api/stats/views", () => {
  it("counts a visitor once a day for each figure, and every view as a view", async () => {
    const path = `/jobs/1-visit-${run}`;
    const visitor = { address: newAddress() };
    const before = await total();
    expect(await view({ path, referrer: "" }, visitor)).toMatchObject({
      status: 200,
      body: { counted: true },
    });
    expect(await view({ path, referrer: `http://${HOST}/` }, visitor)).toMatchObject({
      body: { counted: true },
    });
    expect(await figure("page", path)).toEqual({ views: 2, visitors: 1 });
    // Arriving with no referrer counts as the source "direct"; the move within the board is not.
    expect(await figure("landing", path)).toEqual({ views: 1, visitors: 1 });
    const after = await total();
    expect(after.views - before.views).toBe(2);
    expect(after.visitors - before.visitors).toBe(1);

    // Another browser at the same address is another visitor.
    await view({ path }, { ...visitor, userAgent: PHONE });
    expect(await figure("page", path)).toEqual({ views: 3, visitors: 2 });
    expect((await figure("device", "phone")).visitors).toBeGreaterThan(0);
  });

  it("counts the same visitor again the next day, from marks that share nothing", async () => {
    const path = `/companies/next-day-${run}`;
    const input = {
      view: { path },
      address: "10.65.250.1",
      headers: { host: HOST, "user-agent": BROWSER },
    };
    const first = new Date("2026-03-10T23:59:00Z");
    const second = new Date("2026-03-11T00:01:00Z");
    expect(await recordPageView(handle.db, { ...input, now: first })).toBe(true);
    expect(await recordPageView(handle.db, { ...input, now: first })).toBe(true);
    expect(await recordPageView(handle.db, { ...input, now: second })).toBe(true);
    expect(await figure("page", path, "2026-03-10")).toEqual({ views: 2, visitors: 1 });
    expect(await figure("page", path, "2026-03-11")).toEqual({ views: 1, visitors: 1 });

    const marks = async (day: string) =>
      (
        await handle.db
          .select({ mark: statsVisitors.mark })
          .from(statsVisitors)
          .where(eq(statsVisitors.day, day))
      ).map((row) => row.mark);
    const [before, after] = [await marks("2026-03-10"), await marks("2026-03-11")];
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((mark) => before.includes(mark))).toEqual([]);
  });

  it("counts nothing for a crawler, a request without a User-Agent, Sec-GPC or DNT", async () => {
    const path = `/jobs/2-unseen-${run}`;
    const before = await everything();
    const untracked: Parameters<typeof view>[1][] = [
      { userAgent: GOOGLEBOT },
      { userAgent: null },
      { headers: { "sec-gpc": "1" } },
      { headers: { dnt: "1" } },
    ];
    for (const options of untracked) {
      expect(await view({ path, results: 3 }, options)).toMatchObject({
        status: 200,
        body: { counted: false },
      });
    }
    expect(await everything()).toEqual(before);
    // The same view without those is counted: the refusals above were not for the path.
    expect(await view({ path })).toMatchObject({ body: { counted: true } });
    expect(await figure("page", path)).toEqual({ views: 1, visitors: 1 });
  });

  it("counts a search with its results, one that found nothing, and a Japanese term as typed", async () => {
    const visitor = { address: newAddress() };
    const term = `video editor ${run}`;
    await view(
      { path: `/?q=${encodeURIComponent(`  Video   EDITOR ${run} `)}`, results: 12 },
      visitor,
    );
    await view({ path: `/departments/design?q=${encodeURIComponent(term)}`, results: 0 }, visitor);
    expect(await search(term)).toMatchObject({
      searches: 2,
      visitors: 1,
      zeroResults: 1,
      results: 0,
    });

    const japanese = `動画編集 ${run}`;
    await view({ path: `/?q=${encodeURIComponent(japanese)}`, results: 0 });
    expect(await search(japanese)).toMatchObject({ searches: 1, visitors: 1, zeroResults: 1 });
    const polish = `montażysta łódź ${run}`;
    await view({ path: `/regions/europe?q=${encodeURIComponent(polish)}`, results: 4 });
    expect(await search(polish)).toMatchObject({ searches: 1, zeroResults: 0, results: 4 });

    // Without a result count, or on a page that takes no search, no search is counted.
    const uncounted = `no count ${run}`;
    await view({ path: `/?q=${encodeURIComponent(uncounted)}` });
    await view({ path: `/about?q=${encodeURIComponent(uncounted)}`, results: 1 });
    expect(await search(uncounted)).toBeUndefined();
  });

  it("keeps the referrer's host only, and never the board's own host as a source", async () => {
    const landing = `/jobs/3-landing-${run}`;
    await view({ path: landing, referrer: `https://www.News-${run}.Example/item?id=1#top` });
    expect(await figure("referrer", `news-${run}.example`)).toEqual({ views: 1, visitors: 1 });
    expect(await figure("landing", landing)).toEqual({ views: 1, visitors: 1 });

    const inside = `/jobs/4-inside-${run}`;
    await view({ path: inside, referrer: `https://${HOST}/jobs?x=1` });
    expect(await figure("page", inside)).toEqual({ views: 1, visitors: 1 });
    expect(await figure("landing", inside)).toEqual({ views: 0, visitors: 0 });
    const [own] = await handle.db
      .select({ count: count() })
      .from(siteStats)
      .where(and(eq(siteStats.dimension, "referrer"), inArray(siteStats.value, [HOST])));
    expect(own!.count).toBe(0);

    // An internationalised host as typed, not in punycode.
    const idn = await figure("referrer", "例え.jp");
    await view({ path: `/jobs/5-idn-${run}`, referrer: "https://xn--r8jz45g.jp/" });
    expect((await figure("referrer", "例え.jp")).views).toBe(idn.views + 1);
  });

  it("takes utm_source (or ref) over the referrer", async () => {
    await view({
      path: `/companies/campaign?utm_source=Newsletter-${run}&ref=other`,
      referrer: "https://www.google.com/",
    });
    expect(await figure("referrer", `newsletter-${run}`)).toEqual({ views: 1, visitors: 1 });
    await view({ path: `/pricing?ref=Wiosna-${run}` });
    expect(await figure("referrer", `wiosna-${run}`)).toEqual({ views: 1, visitors: 1 });
  });

  it("refuses a hostile body in JSON and writes nothing", async () => {
    const before = await everything();
    const hostile: { raw?: string; body?: unknown }[] = [
      { raw: `{"path":"/","__proto__":{"counted":true}}` },
      { body: { path: "/api/x" } },
      { body: { path: "/_next/static/chunks/x.js" } },
      { body: { path: "/review/analytics" } },
      { body: { path: `/jobs/${"x".repeat(5_000)}` } },
      { body: { path: `/jobs/${"x".repeat(300)}` } },
      { body: { path: "//evil.example/jobs" } },
      { body: { path: "/jobs/%0a1" } },
      { body: { path: "/", results: -1 } },
      { body: { path: "/", referrer: 5 } },
      { raw: "not json" },
    ];
    for (const request of hostile) {
      const answer = await callApi(viewsHandler, {
        method: "POST",
        ...(request.raw === undefined
          ? { body: request.body }
          : { raw: request.raw, headers: { "content-type": "application/json" } }),
        headers: { host: HOST, "user-agent": BROWSER, "content-type": "application/json" },
      });
      expect(answer.status, JSON.stringify(request).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toEqual(expect.objectContaining({ error: expect.anything() }));
    }
    expect(await everything()).toEqual(before);
  });

  it("counts nothing for a page outside the public board", async () => {
    const before = await everything();
    expect(await view({ path: "/profile" })).toMatchObject({ body: { counted: false } });
    expect(await view({ path: "/no/such/page" })).toMatchObject({ body: { counted: false } });
    expect(await everything()).toEqual(before);
  });

  it("counts a Mac's User-Agent with the touch hint as a tablet (an iPad), without it as a desktop", async () => {
    const before = {
      tablet: await figure("device", "tablet"),
      desktop: await figure("device", "desktop"),
    };
    expect(await view({ path: "/", touch: true }, { userAgent: MAC })).toMatchObject({
      body: { counted: true },
    });
    expect((await figure("device", "tablet")).views).toBe(before.tablet.views + 1);
    expect((await figure("device", "desktop")).views).toBe(before.desktop.views);
    await view({ path: "/" }, { userAgent: MAC });
    expect((await figure("device", "desktop")).views).toBe(before.desktop.views + 1);
    // The hint makes only a Mac's User-Agent a tablet.
    await view({ path: "/", touch: true });
    expect((await figure("device", "desktop")).views).toBe(before.desktop.views + 2);
    expect((await figure("device", "tablet")).views).toBe(before.tablet.views + 1);
    expect(await view({ path: "/", touch: "yes" })).toMatchObject({ status: 422 });
  });

  it(`keeps ${VALUES_PER_DAY} values of a dimension a day, the rest counted as ${OTHER_VALUE}`, async () => {
    const day = "2025-08-01";
    const now = new Date(`${day}T12:00:00Z`);
    // A day whose pages are full; its landings and sources are not.
    await handle.db.execute(sql`
      insert into site_stats (day, dimension, value, views, visitors)
      select ${day}::date, 'page', '/jobs/' || g || '-full', 1, 1
      from generate_series(1, ${VALUES_PER_DAY}) as g`);
    const at = (path: string, address: string, referrer = "") =>
      recordPageView(handle.db, {
        view: { path, referrer },
        address,
        headers: { host: HOST, "user-agent": BROWSER },
        now,
      });
    const path = `/jobs/6-over-${run}`;
    expect(await at(path, "10.66.0.1")).toBe(true);
    expect(await at(path, "10.66.0.1")).toBe(true);
    expect(await at(`/jobs/7-over-${run}`, "10.66.0.2")).toBe(true);
    expect(await figure("page", OTHER_VALUE, day)).toEqual({ views: 3, visitors: 2 });
    expect(await figure("page", path, day)).toEqual({ views: 0, visitors: 0 });
    // The landing (a dimension with room) keeps the path; a page the day has keeps its own.
    expect(await figure("landing", path, day)).toEqual({ views: 2, visitors: 1 });
    expect(await at("/jobs/5-full", "10.66.0.1")).toBe(true);
    expect(await figure("page", "/jobs/5-full", day)).toEqual({ views: 2, visitors: 2 });
    const [pages] = await handle.db
      .select({ count: count() })
      .from(siteStats)
      .where(and(eq(siteStats.day, day), eq(siteStats.dimension, "page")));
    expect(pages!.count).toBe(VALUES_PER_DAY + 1);
    expect(await figure("total", "", day)).toEqual({ views: 4, visitors: 2 });
  });

  it("shows Arabic and Japanese terms, sent percent-encoded, as typed in the report and its CSV", async () => {
    const day = "2025-09-15";
    const now = new Date(`${day}T08:00:00Z`);
    const arabic = "مصمم فيديو";
    const japanese = "動画編集者";
    const at = (path: string, results: number, address: string) =>
      recordPageView(handle.db, {
        view: { path, results },
        address,
        headers: { host: HOST, "user-agent": BROWSER },
        now,
      });
    // As a form's GET sends it (a space as +), and as encodeURIComponent writes it (%20).
    const [first, second] = arabic.split(" ").map(encodeURIComponent);
    expect(`/?q=${first}+${second}`).toMatch(/^\/\?q=%D9%85[%0-9A-F]+\+%D9%81[%0-9A-F]+$/);
    expect(await at(`/?q=${first}+${second}`, 5, "10.67.0.1")).toBe(true);
    expect(await at(`/departments/design?q=${encodeURIComponent(arabic)}`, 3, "10.67.0.1")).toBe(
      true,
    );
    expect(await at(`/?q=${encodeURIComponent(japanese)}`, 0, "10.67.0.2")).toBe(true);

    const report = await analyticsReport(
      handle.db,
      { from: day, to: day, by: "department" },
      new Date(`${day}T23:00:00Z`),
    );
    expect(report.searches.top).toEqual([
      { term: arabic, searches: 2, visitors: 1, zero_results: 0, results: 3 },
      { term: japanese, searches: 1, visitors: 1, zero_results: 1, results: 0 },
    ]);
    expect(report.searches.not_found).toEqual([
      { term: japanese, searches: 1, visitors: 1, zero_results: 1, results: 0 },
    ]);
    expect(analyticsCsv(report, "searches").trimEnd().split("\r\n")).toEqual([
      "term,searches,visitors,zero_results,latest_results",
      `${arabic},2,1,0,3`,
      `${japanese},1,1,1,0`,
    ]);
    expect(analyticsCsv(report, "not-found")).toContain(`\r\n${japanese},1,1,1,0`);
  });
});
