// @vitest-environment node
import { eq } from "drizzle-orm";
import type { GetServerSidePropsContext } from "next";
import { beforeAll, describe, expect, it } from "vitest";
import jobsHandler from "@/pages/api/jobs/index";
import { getDatabase } from "@/lib/server/db";
import type { Database } from "@/lib/server/db/client";
import { companies, jobs, searchTerms } from "@/lib/server/db/schema";
import { countFacets } from "@/features/jobs/server/job-search";
import { loadBoard } from "@/features/jobs/server/board-page";
import { planSearch, refreshSearchTerms } from "@/features/jobs/server/search-plan";
import type { JobSearchPage } from "@/features/jobs/types";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { callApi } from "@/tests/api/call";

/*
 * Keyword search through /api/jobs, on PGlite and again on PostgreSQL: relevance before date,
 * synonyms, typos, "did you mean", the counts beside each filter, the same order on the page,
 * and queries of any shape answered 200.
 */

const handle = setUpTestDatabase();
const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000);

beforeAll(async () => {
  const studio = await insertCompany(handle.db, "driftwood", "Driftwood Studio");
  const books = await insertCompany(handle.db, "ledger", "Ledger House");
  const job = (title: string, age: number, extra: Partial<Parameters<typeof insertJob>[1]> = {}) =>
    insertJob(handle.db, {
      title,
      companyId: studio.id,
      publishedAt: daysFromNow(-age),
      expiresAt: daysFromNow(30),
      ...extra,
    });
  // Newest first in date order: the colorist and the account manager are newer than the jobs
  // a person searching would want first.
  await job("Colorist", 1, { description: "Grade footage for our YouTube channel." });
  await job("YouTube Video Editor", 5, {
    description: "Cut long-form videos every week.",
    location: "Remote (US)",
  });
  await job("Senior Video Editor", 6, {
    description: "Edit TikTok clips in Premiere Pro.",
    region: "europe",
    location: "Berlin, Germany",
  });
  await job("Account Manager", 2, {
    companyId: books.id,
    department: "sales",
    description: "Look after the accounts of our brand clients.",
  });
  await job("Accountant", 8, {
    companyId: books.id,
    department: "finance",
    type: "part-time",
    description: "Keep the books and close each month.",
    salaryMin: 60_000,
    salaryMax: 90_000,
  });
  await job("Thumbnail Designer", 3, { description: "Design thumbnails in Photoshop." });
  await refreshSearchTerms(handle.db);
});

async function search(query: Record<string, string>): Promise<JobSearchPage> {
  const { status, body } = await callApi(jobsHandler, { query });
  expect(status, JSON.stringify(query)).toBe(200);
  return body as unknown as JobSearchPage;
}

const titles = (page: JobSearchPage) => page.jobs.map((job) => job.title);

describe("keyword search", () => {
  it("ranks a job naming the words in its title above newer jobs naming them elsewhere", async () => {
    expect(titles(await search({ q: "youtube" }))).toEqual(["YouTube Video Editor", "Colorist"]);
    expect(titles(await search({ q: "accountant" }))[0]).toBe("Accountant");
  });

  it("reads abbreviations, split words and typos", async () => {
    const page = await search({ q: "yt edtor" });
    expect(titles(page)).toEqual(["YouTube Video Editor"]);
    expect(page.corrected_q).toBe("yt editor");
    expect(titles(await search({ q: "You Tube" }))).toEqual(["YouTube Video Editor", "Colorist"]);
    expect(titles(await search({ q: "tik tok" }))).toEqual(["Senior Video Editor"]);
    expect(titles(await search({ q: "thumbnial desinger" }))).toEqual(["Thumbnail Designer"]);
  });

  it("matches the last word as a prefix and leaves out -words", async () => {
    expect(titles(await search({ q: "thumb" }))).toEqual(["Thumbnail Designer"]);
    expect(titles(await search({ q: "video editor -tiktok" }))).toEqual(["YouTube Video Editor"]);
    expect((await search({ q: "video editor" })).corrected_q).toBeNull();
    // Either word will do; each title naming one comes before jobs the stemmer files with them.
    expect(
      titles(await search({ q: "colorist or accountant" }))
        .slice(0, 2)
        .sort(),
    ).toEqual(["Accountant", "Colorist"]);
  });

  it("finds jobs by their company's name", async () => {
    expect(titles(await search({ q: "ledger" })).sort()).toEqual(["Account Manager", "Accountant"]);
  });

  it("suggests a respelling when nothing matches", async () => {
    const page = await search({ q: "fotoshopp" });
    expect(page).toMatchObject({ total: 0, jobs: [], suggested_q: "photoshop" });
    expect((await search({ q: "zzqxv" })).suggested_q).toBeNull();
  });

  it("keeps the words it has looked up until the vocabulary is refilled", async () => {
    expect((await planSearch(handle.db, "gaffr")).correctedText).toBeNull();
    // A word the vocabulary gains meanwhile is not seen: "gaffr" was looked up and kept.
    await handle.db.insert(searchTerms).values({ term: "gaffer", jobs: 1 });
    expect((await planSearch(handle.db, "gaffr")).correctedText).toBeNull();
    // Refilling it (the hourly task) forgets what was kept.
    const company = await insertCompany(handle.db, "lamplight", "Lamplight Films");
    try {
      await insertJob(handle.db, {
        title: "Gaffer",
        companyId: company.id,
        publishedAt: daysFromNow(-1),
        expiresAt: daysFromNow(30),
      });
      await refreshSearchTerms(handle.db);
      expect((await planSearch(handle.db, "gaffr")).correctedText).toBe("gaffer");
    } finally {
      await handle.db.delete(jobs).where(eq(jobs.companyId, company.id));
      await handle.db.delete(companies).where(eq(companies.id, company.id));
      await refreshSearchTerms(handle.db);
    }
  });

  it("lists the same jobs in the same order on the page as in the API", async () => {
    const res = { setHeader: () => undefined };
    const props = await loadBoard("/", {
      query: { q: "video editor" },
      resolvedUrl: "/?q=video+editor",
      res,
    } as unknown as GetServerSidePropsContext);
    const onPage = (props as { props: { results: JobSearchPage } }).props.results;
    expect(titles(onPage)).toEqual(titles(await search({ q: "video editor" })));
    expect(titles(onPage).sort()).toEqual(["Senior Video Editor", "YouTube Video Editor"]);
  });

  it("answers 200 to a query of any shape, with results or none", async () => {
    const queries = [
      "🎬🎥 editor",
      "' OR 1=1; DROP TABLE jobs; --",
      '"video editor"',
      "a & b | !c <-> d:*",
      "<script>alert(1)</script>",
      "東京 ビデオ 編集者",
      "-",
      "- - -",
      "-editor",
      "editor -",
      "(((",
      "\\",
      "ab".repeat(50),
      Array.from({ length: 40 }, (_, i) => `word${i}`).join(" "),
    ];
    for (const q of queries) {
      const page = await search({ q });
      expect(Array.isArray(page.jobs), q).toBe(true);
    }
    expect(titles(await search({ q: "🎬 youtube" }))[0]).toBe("YouTube Video Editor");
    // Longer than the box allows, or on several lines: cut and joined, not refused.
    expect(titles(await search({ q: `youtube ${"video ".repeat(30)}astrophysics` }))).toEqual([
      "YouTube Video Editor",
    ]);
    expect(titles(await search({ q: "youtube\r\nvideo" }))).toEqual(["YouTube Video Editor"]);
  });
});

describe("counts beside each filter", () => {
  it("count each choice for the search, the other filters kept", async () => {
    const { facets, total } = await search({ q: "editor" });
    expect(total).toBe(2);
    expect(facets.department).toEqual({ design: 2 });
    expect(facets.type).toEqual({ "full-time": 2 });
    expect(facets.region).toEqual({ remote: 1, "united-states": 1, europe: 1 });

    // A region chosen: the region's own choices are still counted over every region.
    const inEurope = await search({ q: "editor", region: "europe" });
    expect(titles(inEurope)).toEqual(["Senior Video Editor"]);
    expect(inEurope.facets.department).toEqual({ design: 1 });
    expect(inEurope.facets.region).toEqual({ remote: 1, "united-states": 1, europe: 1 });
  });

  it("count salary floors, and lists without a keyword", async () => {
    const { facets } = await search({ department: "finance" });
    expect(facets.salary_min).toEqual({ "40000": 1, "60000": 1, "80000": 1 });
    expect(facets.department).toMatchObject({ finance: 1, sales: 1, design: 4 });
    expect(facets.type).toEqual({ "part-time": 1 });
  });

  it("count nothing for a search that finds nothing", async () => {
    const { facets, facets_approximate } = await search({ q: "zzqxv" });
    expect(facets).toEqual({ department: {}, region: {}, type: {}, salary_min: {} });
    expect(facets_approximate).toBe(false);
  });

  it("estimate the counts of a search matching more jobs than are counted one by one", async () => {
    const db = (await getDatabase()) as Database;
    const plan = (await planSearch(db, "editor or designer"))!;
    const exact = await countFacets(db, {}, plan);
    expect(exact.approximate).toBe(false);
    expect(exact.facets.department).toEqual({ design: 3 });
    expect(exact.matching).toBe(3);
    // The jobs meeting every filter among those counted.
    const inEurope = await countFacets(db, { region: "europe" }, plan);
    expect(inEurope.matching).toBe(inEurope.facets.region.europe);
    expect(inEurope.matching).toBeLessThan(3);
    expect((await countFacets(db, { region: "europe", type: "part-time" }, plan)).matching).toBe(0);
    // Counted one by one up to 2 of the 3 matches: the counts are scaled to the planner's
    // estimate of all of them (at least the 3 read), and say they are estimates.
    const estimated = await countFacets(db, {}, plan, new Date(), { exactUpTo: 2 });
    expect(estimated.approximate).toBe(true);
    expect(Object.keys(estimated.facets.department)).toEqual(["design"]);
    expect(estimated.facets.department.design).toBeGreaterThanOrEqual(3);
    // Of the jobs counted (3: one more than exactly), those meeting every filter: a lower bound.
    expect(estimated.matching).toBe(3);
    // The page counts its jobs exactly all the same, and a search of 3 jobs says so.
    const page = await search({ q: "editor or designer" });
    expect(page.total).toBe(3);
    expect(page.facets_approximate).toBe(false);
  });
});
