// @vitest-environment node
import { sql } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/server/db/client";
import {
  buildSitemap,
  buildSitemapFile,
  buildSitemapIndex,
  parseSitemapFile,
  SITEMAP_MAX_URLS,
} from "@/features/feeds/server/sitemap";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";
import { setGinPendingList } from "@/lib/server/sample-board/seed";
import { seedPostsIfEmpty } from "@/features/content/server/post-seed";
import { newsletterIssues } from "@/lib/server/db/schema";

const SITE = "https://jobs.example.com";
const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
/** W3C Datetime as the protocol allows it: a date, or a date and time with its zone. */
const W3C = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => name === "url" || name === "sitemap",
});

type Url = { loc: string; lastmod?: string };

/** A <urlset> checked against the protocol's shape; its URLs. */
function readUrlset(xml: string): Url[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml) as { urlset?: { "@_xmlns": string; url?: Url[] } };
  expect(doc.urlset?.["@_xmlns"]).toBe(NS);
  const urls = doc.urlset?.url ?? [];
  expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
  // The protocol's other limit: 50 MB uncompressed.
  expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(50 * 1024 * 1024);
  for (const url of urls) {
    expect(Object.keys(url).every((key) => ["loc", "lastmod"].includes(key))).toBe(true);
    expect(url.loc.startsWith(`${SITE}/`) && url.loc.length < 2048).toBe(true);
    if (url.lastmod !== undefined) expect(url.lastmod).toMatch(W3C);
  }
  return urls;
}

/** The <sitemapindex>'s children, checked against the protocol's shape. */
function readIndex(xml: string): Url[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml) as { sitemapindex?: { "@_xmlns": string; sitemap?: Url[] } };
  expect(doc.sitemapindex?.["@_xmlns"]).toBe(NS);
  const children = doc.sitemapindex?.sitemap ?? [];
  for (const child of children) {
    expect(child.loc).toMatch(new RegExp(`^${SITE}/sitemaps/[a-z0-9-]+\\.xml$`));
    if (child.lastmod !== undefined) expect(child.lastmod).toMatch(W3C);
  }
  return children;
}

/** The child sitemap an index entry points to. */
async function child(db: DatabaseHandle["db"], loc: string) {
  const name = parseSitemapFile(loc.split("/").pop());
  expect(name).not.toBeNull();
  const xml = await buildSitemapFile(db, SITE, name!);
  expect(xml).not.toBeNull();
  return readUrlset(xml!);
}

describe("a small board", () => {
  const handle = setUpTestDatabase();
  let openId: number;
  let closedId: number;
  const updatedAt = new Date("2026-01-02T03:04:05Z");

  beforeAll(async () => {
    // The blog a new board starts with (issue 64: its posts are in the database).
    await seedPostsIfEmpty(handle.db);
    const company = await insertCompany(handle.db, "acme", "Acme");
    const day = 86_400_000;
    openId = (
      await insertJob(handle.db, {
        title: "Open Editor",
        companyId: company.id,
        publishedAt: new Date("2026-01-01T00:00:00Z"),
        updatedAt,
        expiresAt: new Date(Date.now() + 30 * day),
      })
    ).id;
    closedId = (
      await insertJob(handle.db, {
        title: "Gone Editor",
        companyId: company.id,
        status: "filled",
        expiresAt: new Date(Date.now() + 30 * day),
      })
    ).id;
  });

  it("lists public pages, listings, hiring companies and open jobs, but no sign-in pages or closed jobs", async () => {
    const xml = await buildSitemap(handle.db, SITE);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain(`${SITE}/`);
    expect(locs).toContain(`${SITE}/about`);
    expect(locs).toContain(`${SITE}/creator-economy-hiring-trends-report-q3-25`);
    // A later quarter, from listReports: the test runs after Q4 2025 ended.
    expect(locs).toContain(`${SITE}/creator-economy-hiring-trends-report-q4-25`);
    expect(locs).toContain(`${SITE}/regions/south-america`);
    expect(locs).toContain(`${SITE}/jobs/${openId}-open-editor`);
    expect(locs).toContain(`${SITE}/companies/acme`);
    expect(locs.some((loc) => loc!.includes("/sign-") || loc!.includes("linkedin-login"))).toBe(
      false,
    );
    expect(locs.some((loc) => loc!.includes("[") || loc!.includes(`/jobs/${closedId}-`))).toBe(
      false,
    );
  });

  it("is an index of sitemaps by kind, each with the true last change of what it lists", async () => {
    const children = readIndex(await buildSitemapIndex(handle.db, SITE));
    const byName = Object.fromEntries(
      children.map((entry) => [entry.loc.split("/").pop()!, entry]),
    );
    expect(Object.keys(byName)).toEqual(
      expect.arrayContaining([
        "pages.xml",
        "listings.xml",
        "companies.xml",
        "blog.xml",
        "reports.xml",
        "jobs-1.xml",
      ]),
    );
    // The job's update, not the time of the request.
    expect(byName["jobs-1.xml"]!.lastmod).toBe("2026-01-02T03:04:05Z");
    const jobs = await child(handle.db, byName["jobs-1.xml"]!.loc);
    expect(jobs).toEqual([
      { loc: `${SITE}/jobs/${openId}-open-editor`, lastmod: "2026-01-02T03:04:05Z" },
    ]);
    const listings = await child(handle.db, byName["listings.xml"]!.loc);
    // The closed job changed the design list when it was published or closed: its date counts.
    const design = listings.find((url) => url.loc === `${SITE}/departments/design`);
    expect(design?.lastmod).toMatch(W3C);
    expect(
      listings.find((url) => url.loc === `${SITE}/departments/legal`)?.lastmod,
    ).toBeUndefined();
    const pages = await child(handle.db, byName["pages.xml"]!.loc);
    expect(pages.every((url) => url.lastmod === undefined)).toBe(true);
  });

  it("lists the newsletter's archive and each issue that has gone, as of its sending", async () => {
    const [sent, scheduled] = await handle.db
      .insert(newsletterIssues)
      .values([
        {
          week: "2026-11-23",
          subject: "Montażyści, 編集者 and محرر: this week's jobs",
          status: "sent",
          sendAt: new Date("2026-11-24T08:00:00Z"),
          sentAt: new Date("2026-11-24T08:00:05Z"),
        },
        {
          week: "2099-11-30",
          subject: "Not gone yet",
          status: "scheduled",
          sendAt: new Date("2099-12-01T08:00:00Z"),
        },
      ])
      .returning({ id: newsletterIssues.id });
    try {
      const children = readIndex(await buildSitemapIndex(handle.db, SITE));
      const entry = children.find((child) => child.loc.endsWith("/newsletter.xml"));
      expect(entry?.lastmod).toBe("2026-11-24T08:00:05Z");
      expect(await child(handle.db, entry!.loc)).toEqual([
        { loc: `${SITE}/newsletter`, lastmod: "2026-11-24T08:00:05Z" },
        { loc: `${SITE}/newsletter/${sent!.id}`, lastmod: "2026-11-24T08:00:05Z" },
      ]);
      // Listed once: not among the pages too. The issue not yet sent is nowhere.
      const pages = await child(handle.db, `${SITE}/sitemaps/pages.xml`);
      expect(pages.map((url) => url.loc)).not.toContain(`${SITE}/newsletter`);
      const all = await buildSitemap(handle.db, SITE);
      expect(all).not.toContain(`/newsletter/${scheduled!.id}<`);
    } finally {
      await handle.db.delete(newsletterIssues);
    }
  });

  it("answers null for a sitemap that does not exist", async () => {
    expect(await buildSitemapFile(handle.db, SITE, { jobs: 2 })).toBeNull();
    expect(parseSitemapFile("jobs-0.xml")).toBeNull();
    expect(parseSitemapFile("secrets.xml")).toBeNull();
    expect(parseSitemapFile("pages")).toBeNull();
  });
});

describe("a board of 100,000 open jobs", () => {
  const handle = setUpTestDatabase();
  const TOTAL = 100_000;

  beforeAll(async () => {
    const company = await insertCompany(handle.db, "bulk", "Bulk Co");
    // As the seed inserts a big board: the search indexes merge the new rows once, at the end.
    // The sitemap reads no search vector: this board's are left empty (the trigger off).
    await setGinPendingList(handle.db, true);
    await handle.db.execute(sql`alter table jobs disable trigger jobs_search_vector`);
    // Job g was published g minutes before 2026-01-01 and last changed g seconds after.
    await handle.db.execute(sql`
      insert into jobs (company_id, slug, title, department, region, type, location, description,
        apply_url, published_at, updated_at, expires_at)
      select ${company.id}, 'role-' || g, 'Role ' || g, 'design', 'remote', 'full-time', 'Remote',
        'A role.', 'https://example.com/apply',
        timestamptz '2026-01-01T00:00:00Z' - g * interval '1 minute',
        timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second',
        now() + interval '30 days'
      from generate_series(1, ${TOTAL}) as g`);
    await handle.db.execute(sql`alter table jobs enable trigger jobs_search_vector`);
    await setGinPendingList(handle.db, false);
    // One closed job: it stays out.
    await handle.db.execute(sql`update jobs set status = 'filled' where slug = 'role-77'`);
  }, 600_000);

  it("splits the jobs into two files of at most 50,000 URLs, each with its newest change", async () => {
    const children = readIndex(await buildSitemapIndex(handle.db, SITE));
    const jobFiles = children.filter((entry) => /\/jobs-\d+\.xml$/.test(entry.loc));
    expect(jobFiles.map((entry) => entry.loc.split("/").pop())).toEqual([
      "jobs-1.xml",
      "jobs-2.xml",
    ]);
    const [first, second] = await Promise.all(jobFiles.map((entry) => child(handle.db, entry.loc)));
    expect(first!.length).toBe(SITEMAP_MAX_URLS - 1);
    expect(second!.length).toBe(SITEMAP_MAX_URLS);
    const all = [...first!, ...second!];
    expect(new Set(all.map((url) => url.loc)).size).toBe(TOTAL - 1);
    expect(all.some((url) => url.loc.endsWith("-role-77"))).toBe(false);
    // Each job's lastmod is its own update; each file's is its newest job's.
    const lastmodOf = (g: number) =>
      new Date(Date.UTC(2026, 0, 1) + g * 1000).toISOString().replace(".000Z", "Z");
    expect(all.find((url) => url.loc.endsWith("-role-12345"))?.lastmod).toBe(lastmodOf(12345));
    expect(jobFiles[0]!.lastmod).toBe(lastmodOf(SITEMAP_MAX_URLS));
    expect(jobFiles[1]!.lastmod).toBe(lastmodOf(TOTAL));
  }, 600_000);
});
