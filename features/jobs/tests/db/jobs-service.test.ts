// @vitest-environment node
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, jobs } from "@/lib/server/db/schema";
import {
  countJobsByDepartment,
  descriptionHtmlOf,
  descriptionHtmlOfMany,
  findSimilarJobs,
  getJob,
  getJobRecord,
} from "@/features/jobs/server/jobs";
import { KEYWORD_WINDOW, searchJobs } from "@/features/jobs/server/job-search";
import type { JobFilters } from "@/features/jobs/filters";
import { refreshSearchTerms } from "@/features/jobs/server/search-plan";
import { buildSitemapFile } from "@/features/feeds/server/sitemap";
import { storeDescriptionHtml } from "@/features/listings/server/listing-state";
import { setUpTestDatabase } from "@/tests/support/database";
import { NOW, days, insertCompany, insertJob } from "@/tests/db/fixtures";

const handle = setUpTestDatabase();
const ids: Record<string, number> = {};

beforeAll(async () => {
  const { db } = handle;
  const acme = await insertCompany(db, "acme", "Acme Studios");
  const beta = await insertCompany(db, "beta", "Beta Talent");
  const add = async (key: string, job: Parameters<typeof insertJob>[1]) => {
    ids[key] = (await insertJob(db, job)).id;
  };
  await add("editor", {
    title: "Senior Video Editor",
    companyId: acme.id,
    salaryMin: 60_000,
    salaryMax: 90_000,
    publishedAt: days(-14),
    description: "Cut long-form YouTube videos in Premiere Pro.",
  });
  await add("growth", {
    title: "TikTok Growth Marketer",
    companyId: beta.id,
    department: "marketing",
    region: "united-states",
    location: "Los Angeles, CA",
    salaryMin: 80_000,
    salaryMax: 120_000,
    sponsored: true,
    publishedAt: days(-20),
  });
  await add("partnerships", {
    title: "Brand Partnerships Manager",
    companyId: beta.id,
    department: "creator-partnerships",
    region: "united-kingdom",
    location: "London, UK",
    type: "part-time",
    publishedAt: days(-3),
    description: "Sell brand deals for our TikTok and YouTube creators.",
  });
  await add("designer", {
    title: "Thumbnail Designer",
    companyId: acme.id,
    region: "europe",
    location: "Berlin, Germany",
    publishedAt: days(-1),
  });
  await add("expired", { title: "Old Editor", companyId: acme.id, expiresAt: days(-1) });
  await add("filled", { title: "Filled Editor", companyId: acme.id, status: "filled" });
  await add("pending", { title: "Pending Editor", companyId: acme.id, status: "pending" });
});

const search = (filters: Partial<JobFilters> = {}) =>
  searchJobs(handle.db, { page: 1, per_page: 20, ...filters }, NOW);
const titles = async (filters: Partial<JobFilters> = {}) =>
  (await search(filters)).jobs.map((job) => job.title);

describe("searchJobs", () => {
  it("lists open, unexpired jobs: the sponsored one in its slot, then newest", async () => {
    expect(await titles()).toEqual([
      "TikTok Growth Marketer",
      "Thumbnail Designer",
      "Brand Partnerships Manager",
      "Senior Video Editor",
    ]);
    expect((await search()).total).toBe(4);
  });

  it("combines department, region, type and salary filters", async () => {
    expect(await titles({ department: "design" })).toEqual([
      "Thumbnail Designer",
      "Senior Video Editor",
    ]);
    // A region lists the jobs based there and the remote jobs open to people there: the video
    // editor's is remote from anywhere.
    expect(await titles({ department: "design", region: "europe" })).toEqual([
      "Thumbnail Designer",
      "Senior Video Editor",
    ]);
    expect(await titles({ type: "part-time" })).toEqual(["Brand Partnerships Manager"]);
    expect(await titles({ region: "canada" })).toEqual(["Senior Video Editor"]);
    expect(await titles({ region: "canada", type: "part-time" })).toEqual([]);
  });

  it("keeps jobs whose top of range reaches the salary floor, and drops undisclosed pay", async () => {
    expect(await titles({ salary_min: 100_000 })).toEqual(["TikTok Growth Marketer"]);
    expect(await titles({ salary_min: 85_000 })).toEqual([
      "TikTok Growth Marketer",
      "Senior Video Editor",
    ]);
  });

  it("finds jobs by words in their title or description, ranked", async () => {
    expect(await titles({ q: "premiere" })).toEqual(["Senior Video Editor"]);
    expect(await titles({ q: "tiktok" })).toEqual([
      "TikTok Growth Marketer",
      "Brand Partnerships Manager",
    ]);
    expect(await titles({ q: "youtube -tiktok" })).toEqual(["Senior Video Editor"]);
    expect(await titles({ q: "astrophysics" })).toEqual([]);
  });

  it("pages through the results", async () => {
    // A page of 3 has no sponsored slot (a quarter of a page at most): newest first.
    const second = await search({ per_page: 3, page: 2 });
    expect(second.jobs.map((job) => job.title)).toEqual(["TikTok Growth Marketer"]);
    expect(second).toMatchObject({ total: 4, page: 2, per_page: 3, page_count: 2 });
  });

  it("returns summaries with the company and ISO dates", async () => {
    const [growth] = (await search({ q: "growth" })).jobs;
    expect(growth).toMatchObject({
      id: ids.growth,
      company: { name: "Beta Talent", slug: "beta" },
      salary_min: 80_000,
      salary_max: 120_000,
      sponsored: true,
      published_at: days(-20).toISOString(),
    });
  });
});

describe("searchJobs on many matches", () => {
  it("ranks the newest matches of a keyword and says there are more", async () => {
    const company = await insertCompany(handle.db, "many", "Many Clips");
    await handle.db.insert(jobs).values(
      Array.from({ length: KEYWORD_WINDOW + 5 }, (_, i) => ({
        slug: `clip-editor-${i}`,
        companyId: company.id,
        title: `Clip Editor ${i}`,
        department: "engineering",
        region: "asia",
        type: "contractor",
        location: "Tokyo, Japan",
        description: "Short clips.",
        applyUrl: "https://example.com/apply",
        publishedAt: days(-30 - i),
        expiresAt: days(30),
      })),
    );
    const page = await search({ q: "clip", per_page: 20 });
    expect(page).toMatchObject({
      total: KEYWORD_WINDOW,
      total_is_capped: true,
      page_count: KEYWORD_WINDOW / 20,
    });
    expect(page.jobs[0]!.title).toBe("Clip Editor 0");
    const exact = await search({ department: "engineering" });
    expect(exact).toMatchObject({ total: KEYWORD_WINDOW + 5, total_is_capped: false });
    await handle.db.delete(jobs).where(eq(jobs.companyId, company.id));
  });
});

describe("searchJobs by relevance and recency", () => {
  it("ranks a fresh listing above an older one that matches as well, or a little better", async () => {
    const company = await insertCompany(handle.db, "docs", "Docs House");
    const job = (
      key: string,
      publishedAt: Date,
      description: string,
      title = "Documentary Editor",
    ) =>
      insertJob(handle.db, {
        title,
        slug: `documentary-${key}`,
        companyId: company.id,
        department: "engineering",
        publishedAt,
        expiresAt: days(20),
        description,
      }).then((row) => [key, row.id] as const);
    try {
      const made = new Map([
        // Published 40 days before (a featured listing's run is 60); its title's words stand
        // together, which ts_rank finds a little closer a match than the fresh one's.
        await job("older", days(-40), "Cut our series."),
        await job("fresh", days(-1), "Cut our series.", "Documentary Film Editor"),
        // Fresher still, but naming "documentary" only in its description: it matches less well.
        await job("description", days(0), "An editor for a documentary.", "Video Editor"),
      ]);
      const order = (await search({ q: "documentary editor" })).jobs.map(
        (found) => [...made].find(([, id]) => id === found.id)?.[0],
      );
      expect(order).toEqual(["fresh", "older", "description"]);
      // Misspelt as in issue 42, corrected from the board's words, and ranked the same.
      await refreshSearchTerms(handle.db, NOW);
      const typed = (await search({ q: "documetary edtor" })).jobs.map((found) => found.id);
      expect(typed.slice(0, 2)).toEqual([made.get("fresh"), made.get("older")]);
    } finally {
      await handle.db.delete(jobs).where(eq(jobs.companyId, company.id));
    }
  });
});

describe("getJob", () => {
  it("returns an open job that takes applications", async () => {
    const job = await getJob(handle.db, ids.editor!, NOW);
    expect(job).toMatchObject({
      title: "Senior Video Editor",
      status: "open",
      accepting_applications: true,
      company: { name: "Acme Studios", website: "https://acme.example" },
    });
  });

  it("keeps expired and filled jobs reachable but closed", async () => {
    expect(await getJob(handle.db, ids.expired!, NOW)).toMatchObject({
      accepting_applications: false,
    });
    expect(await getJob(handle.db, ids.filled!, NOW)).toMatchObject({
      status: "filled",
      accepting_applications: false,
    });
  });

  it("hides jobs that were never published, and unknown ids", async () => {
    expect(await getJob(handle.db, ids.pending!, NOW)).toBeNull();
    expect(await getJob(handle.db, 999_999, NOW)).toBeNull();
  });
});

describe("findSimilarJobs", () => {
  it("suggests other listed jobs in the same department", async () => {
    const editor = (await getJob(handle.db, ids.editor!, NOW))!;
    const similar = await findSimilarJobs(handle.db, editor, 4, NOW);
    expect(similar.map((job) => job.title)).toEqual(["Thumbnail Designer"]);
  });
});

describe("counts and sitemap", () => {
  it("counts listed jobs by department", async () => {
    expect(await countJobsByDepartment(handle.db, NOW)).toEqual({
      design: 2,
      marketing: 1,
      "creator-partnerships": 1,
    });
  });

  it("lists only listed jobs for the sitemap", async () => {
    const xml = (await buildSitemapFile(handle.db, "https://jobs.example", { jobs: 1 }, NOW))!;
    const listed = [...xml.matchAll(/\/jobs\/(\d+)-/g)].map((match) => ({ id: Number(match[1]) }));
    expect(listed.map((job) => job.id).sort()).toEqual(
      [ids.editor, ids.growth, ids.partnerships, ids.designer].sort(),
    );
  });
});

describe("descriptionHtmlOf", () => {
  it("renders a description once and keeps it until the Markdown changes", async () => {
    const acme = (await handle.db.select().from(companies).where(eq(companies.slug, "acme")))[0]!;
    const { id } = await insertJob(handle.db, {
      title: "Archived Colourist",
      companyId: acme.id,
      status: "filled",
      description: "Grade **everything**.",
    });
    const read = async () => (await getJobRecord(handle.db, id, NOW))!;

    const unrendered = await read();
    expect(unrendered.descriptionHtml).toBeNull();
    const html = await descriptionHtmlOf(
      handle.db,
      {
        id,
        description: unrendered.job.description,
        descriptionHtml: null,
      },
      storeDescriptionHtml,
    );
    expect(html).toBe("<p>Grade <strong>everything</strong>.</p>");
    expect((await read()).descriptionHtml).toBe(html);

    // A new description clears the HTML made from the old one (the migration's trigger).
    await handle.db.update(jobs).set({ description: "Grade *some*." }).where(eq(jobs.id, id));
    expect((await read()).descriptionHtml).toBeNull();
    // HTML rendered from Markdown that has since changed is not stored.
    await descriptionHtmlOf(
      handle.db,
      {
        id,
        description: "Grade **everything**.",
        descriptionHtml: null,
      },
      storeDescriptionHtml,
    );
    expect((await read()).descriptionHtml).toBeNull();
  });

  it("renders a batch in one go: stored HTML is kept, the rest stored unless its Markdown changed", async () => {
    const acme = (await handle.db.select().from(companies).where(eq(companies.slug, "acme")))[0]!;
    const insert = (title: string, description: string) =>
      insertJob(handle.db, { title, companyId: acme.id, status: "filled", description });
    const stored = await insert("Batch Editor", "Cut *fast*.");
    await handle.db
      .update(jobs)
      .set({ descriptionHtml: "<p>kept as stored</p>" })
      .where(eq(jobs.id, stored.id));
    const fresh = await insert("Batch Producer", "Ship `weekly` & 'often'.");
    const changed = await insert("Batch Writer", "Write **daily**.");
    await handle.db.update(jobs).set({ description: "Write less." }).where(eq(jobs.id, changed.id));
    const htmlOf = async (id: number) =>
      (await handle.db.select({ html: jobs.descriptionHtml }).from(jobs).where(eq(jobs.id, id)))[0]!
        .html;

    const html = await descriptionHtmlOfMany(
      handle.db,
      [
        { id: stored.id, description: "Cut *fast*.", descriptionHtml: "<p>kept as stored</p>" },
        { id: fresh.id, description: "Ship `weekly` & 'often'.", descriptionHtml: null },
        // Read before the edit: its HTML is answered but not stored over the new Markdown.
        { id: changed.id, description: "Write **daily**.", descriptionHtml: null },
      ],
      storeDescriptionHtml,
    );

    expect(Object.fromEntries(html)).toEqual({
      [stored.id]: "<p>kept as stored</p>",
      [fresh.id]: "<p>Ship <code>weekly</code> &#x26; 'often'.</p>",
      [changed.id]: "<p>Write <strong>daily</strong>.</p>",
    });
    expect(await htmlOf(stored.id)).toBe("<p>kept as stored</p>");
    expect(await htmlOf(fresh.id)).toBe(html.get(fresh.id));
    expect(await htmlOf(changed.id)).toBeNull();
    expect((await descriptionHtmlOfMany(handle.db, [], storeDescriptionHtml)).size).toBe(0);
  });
});
