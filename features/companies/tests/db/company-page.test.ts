// @vitest-environment node
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { GetServerSidePropsContext } from "next";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { organizationJsonLd, type CompanyPageProps } from "@/features/companies/page";
import { jobPostingJsonLd } from "@/features/jobs/posting-json-ld";
import { routes } from "@/lib/routes";
import { SITE_URL } from "@/lib/site";
import { companyPageData, getCompanyPage } from "@/features/companies/server/company-page";
import { canonicalPageUrl } from "@/lib/server/http/page-url";
import { jobPageData } from "@/features/board/server/job-page-data";
import { slugify } from "@/lib/server/slug";
import { companies } from "@/lib/server/db/schema";
import {
  PageCache,
  purgeCachedPages,
  purgeMatches,
  registerPageCache,
} from "@/lib/server/http/page-cache";
import { jobPagesPurge } from "@/features/jobs/server/forget-job-pages";
import { getJob } from "@/features/jobs/server/jobs";
import { buildSitemap } from "@/features/feeds/server/sitemap";
import { setUpTestDatabase } from "@/tests/support/database";
import { insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * /companies/[slug] on the real database: which of a company's jobs its page lists, what its
 * data function answers and sends, its Organization JSON-LD, the sitemap's companies and the
 * purge that keeps the page fresh; a company and a job whose addresses are in Japanese.
 */

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

const handle = setUpTestDatabase();
let openIds: number[];
let expiredId: number;

beforeAll(async () => {
  const acme = await insertCompany(handle.db, "acme-studio", "Acme Studio");
  const quiet = await insertCompany(handle.db, "quiet-co", "Quiet Co");
  const other = await insertCompany(handle.db, "other-brand", "Other Brand");
  const open = (title: string, daysAgo: number, companyId = acme.id) =>
    insertJob(handle.db, {
      title,
      companyId,
      publishedAt: ago(daysAgo),
      expiresAt: ago(-30),
    });
  openIds = [
    (await open("Video Editor", 3)).id,
    (await open("Community Lead", 1)).id,
    (await open("Talent Manager", 2)).id,
  ];
  await open("Someone Else's Job", 1, other.id);
  expiredId = (
    await insertJob(handle.db, {
      title: "Past Editor",
      companyId: acme.id,
      publishedAt: ago(40),
      expiresAt: ago(1),
    })
  ).id;
  await insertJob(handle.db, {
    title: "Waiting Editor",
    companyId: acme.id,
    status: "pending",
    publishedAt: ago(1),
    expiresAt: ago(-30),
  });
  await insertJob(handle.db, {
    title: "Filled Editor",
    companyId: acme.id,
    status: "filled",
    publishedAt: ago(1),
    expiresAt: ago(-30),
  });
  // Quiet Co had a job once; it expired.
  await insertJob(handle.db, {
    title: "Old Role",
    companyId: quiet.id,
    publishedAt: ago(60),
    expiresAt: ago(30),
  });
});

/**
 * A request as Next.js hands it to getServerSideProps (its path's segments decoded), with a real
 * response to set headers on.
 */
function contextFor(slug: string, query: Record<string, string> = {}, page = "companies") {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  const search = new URLSearchParams(query).toString();
  const param = page === "jobs" ? "jobId" : "slug";
  const context = {
    req,
    res,
    params: { [param]: slug },
    query: { [param]: slug, ...query },
    resolvedUrl: `/${page}/${encodeURIComponent(slug)}${search ? `?${search}` : ""}`,
  } as unknown as GetServerSidePropsContext;
  return { context, res };
}

async function propsOf(slug: string, query: Record<string, string> = {}) {
  const { context, res } = contextFor(slug, query);
  const result = await companyPageData(context, query);
  return { result, res };
}

describe("a company's page", () => {
  it("lists only its open jobs, newest first", async () => {
    const page = await getCompanyPage(handle.db, "acme-studio", { page: 1, per_page: 20 });
    expect(page?.company).toEqual({
      slug: "acme-studio",
      name: "Acme Studio",
      website: "https://acme-studio.example",
      logo_url: null,
      about: "Acme Studio makes things.",
    });
    expect(page?.results.jobs.map((job) => job.title)).toEqual([
      "Community Lead",
      "Talent Manager",
      "Video Editor",
    ]);
    expect(page?.results.total).toBe(3);
    expect(page?.results.jobs.map((job) => job.id)).not.toContain(expiredId);
  });

  it("pages like the lists, and a page past the end is not found", async () => {
    const second = await getCompanyPage(handle.db, "acme-studio", { page: 2, per_page: 2 });
    expect(second?.results.jobs.map((job) => job.title)).toEqual(["Video Editor"]);
    expect(second?.results.page_count).toBe(2);
    expect((await propsOf("acme-studio", { page: "2" })).result).toEqual({ notFound: true });
  });

  it("is served to everyone from shared caches like the lists", async () => {
    const { result, res } = await propsOf("acme-studio");
    // A minute, and stale for ten more, but never past the hour's sponsored slots.
    const [, fresh, stale] = /^public, s-maxage=(\d+), stale-while-revalidate=(\d+)$/.exec(
      String(res.getHeader("Cache-Control")),
    )!;
    expect(Number(fresh)).toBeLessThanOrEqual(60);
    expect(Number(stale)).toBeLessThanOrEqual(600);
    expect(Number(fresh) + Number(stale)).toBeLessThanOrEqual(
      3600 - ((Date.now() / 1000) % 3600) + 1,
    );
    const props = (result as { props: CompanyPageProps }).props;
    expect(props.company.name).toBe("Acme Studio");
    expect(props.filters.page).toBe(1);
    expect(props.results.jobs.map((job) => job.id).sort()).toEqual([...openIds].sort());
  });

  it("exists for a company with no open jobs, saying so", async () => {
    const { result } = await propsOf("quiet-co");
    const props = (result as { props: CompanyPageProps }).props;
    expect(props.company.name).toBe("Quiet Co");
    expect(props.results).toMatchObject({ jobs: [], total: 0, page_count: 1 });
  });

  it.each([["no-such-company"], ["Acme-Studio"], ["acme studio"], ["-acme"], ["a".repeat(101)]])(
    "is not found for the slug %j",
    async (slug) => {
      expect((await propsOf(slug)).result).toEqual({ notFound: true });
    },
  );

  it("is not found for a bad page number", async () => {
    expect((await propsOf("acme-studio", { page: "0" })).result).toEqual({ notFound: true });
    expect((await propsOf("acme-studio", { page: "x" })).result).toEqual({ notFound: true });
  });

  it("describes the company as a schema.org Organization", () => {
    const company = {
      slug: "acme-studio",
      name: "Acme Studio",
      website: "https://acme-studio.example",
      logo_url: null,
      about: "Acme Studio makes things.",
    };
    expect(organizationJsonLd(company, "https://jobs.example/companies/acme-studio")).toEqual({
      "@context": "https://schema.org/",
      "@type": "Organization",
      name: "Acme Studio",
      url: "https://jobs.example/companies/acme-studio",
      sameAs: "https://acme-studio.example",
      description: "Acme Studio makes things.",
    });
    const bare = organizationJsonLd(
      { ...company, website: null, about: null },
      "https://jobs.example/companies/acme-studio",
    );
    expect(bare).not.toHaveProperty("sameAs");
    expect(bare).not.toHaveProperty("description");
    expect(bare).not.toHaveProperty("logo");
  });

  it("gives an uploaded logo, by its absolute address, in both kinds of JSON-LD", async () => {
    const logo = `/api/logos/${"ab".repeat(32)}.webp`;
    await handle.db
      .update(companies)
      .set({ logoUrl: logo })
      .where(eq(companies.slug, "acme-studio"));
    try {
      const page = (await getCompanyPage(handle.db, "acme-studio", { page: 1, per_page: 20 }))!;
      expect(page.company.logo_url).toBe(logo);
      expect(page.results.jobs[0]?.company.logo_url).toBe(logo);
      expect(organizationJsonLd(page.company, "https://jobs.example/c")).toMatchObject({
        logo: `${SITE_URL}${logo}`,
      });
      const job = (await getJob(handle.db, openIds[0]!))!;
      expect(jobPostingJsonLd(job, "<p>Hi</p>", "https://jobs.example/jobs/1-x")).toMatchObject({
        hiringOrganization: { logo: `${SITE_URL}${logo}` },
      });

      // An address elsewhere (older submissions gave one) is shown nowhere.
      await handle.db
        .update(companies)
        .set({ logoUrl: "https://cdn.example/acme.png" })
        .where(eq(companies.slug, "acme-studio"));
      const elsewhere = (await getCompanyPage(handle.db, "acme-studio", {
        page: 1,
        per_page: 20,
      }))!;
      expect(elsewhere.company.logo_url).toBeNull();
      expect(organizationJsonLd(elsewhere.company, "https://jobs.example/c")).not.toHaveProperty(
        "logo",
      );
      const plain = jobPostingJsonLd((await getJob(handle.db, openIds[0]!))!, "", "x");
      expect(plain.hiringOrganization).not.toHaveProperty("logo");
    } finally {
      await handle.db
        .update(companies)
        .set({ logoUrl: null })
        .where(eq(companies.slug, "acme-studio"));
    }
  });

  it("is the hiring organization's url in a job's JobPosting", async () => {
    const job = (await getJob(handle.db, openIds[0]!))!;
    const jsonLd = jobPostingJsonLd(job, "<p>Hi</p>", "https://jobs.example/jobs/1-x");
    expect(jsonLd.hiringOrganization).toEqual({
      "@type": "Organization",
      name: "Acme Studio",
      url: expect.stringMatching(/\/companies\/acme-studio$/),
      sameAs: "https://acme-studio.example",
    });
  });
});

describe("company pages elsewhere", () => {
  it("are in the sitemap while the company has an open job", async () => {
    const xml = await buildSitemap(handle.db, "https://jobs.example");
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain("https://jobs.example/companies/acme-studio");
    expect(locs).toContain("https://jobs.example/companies/other-brand");
    expect(locs).not.toContain("https://jobs.example/companies/quiet-co");
    expect(locs.filter((loc) => loc === "https://jobs.example/companies/acme-studio")).toHaveLength(
      1,
    );
  });

  it("are dropped from the page cache with a job's pages, page data and all", () => {
    expect(purgeMatches(jobPagesPurge([openIds[0]!]), routes.company("acme-studio"))).toBe(true);
    const cache = new PageCache();
    registerPageCache(cache);
    try {
      const page = { status: 200, headers: {}, body: Buffer.from("page") };
      for (const url of [
        "/companies/acme-studio",
        "/companies/acme-studio?page=2",
        "/_next/data/b1/companies/acme-studio.json?slug=acme-studio",
        "/blog",
      ]) {
        cache.store(url, page, { maxAge: 60, staleFor: 0 });
      }
      // Expiry purges many jobs at once; publication one.
      expect(purgeCachedPages(jobPagesPurge([expiredId, ...openIds]))).toBe(3);
    } finally {
      registerPageCache(undefined);
    }
  });
});

describe("addresses in a name's own letters", () => {
  const name = "株式会社クリエイト";
  const slug = slugify(name);
  const encoded =
    "%E6%A0%AA%E5%BC%8F%E4%BC%9A%E7%A4%BE%E3%82%AF%E3%83%AA%E3%82%A8%E3%82%A4%E3%83%88";
  let jobId: number;

  beforeAll(async () => {
    const company = await insertCompany(handle.db, slug, name);
    const title = "映像編集者";
    const job = await insertJob(handle.db, {
      title,
      slug: slugify(`${title} at ${name}`),
      companyId: company.id,
      publishedAt: ago(1),
      expiresAt: ago(-30),
    });
    jobId = job.id;
  });

  it("serve a Japanese company's page at its percent-encoded address", async () => {
    expect(slug).toBe(name);
    expect(routes.company(slug)).toBe(`/companies/${encoded}`);
    expect(canonicalPageUrl(`/companies/${encoded}`)).toBe(`/companies/${encoded}`);
    const { result } = await propsOf(slug);
    const props = (result as { props: CompanyPageProps }).props;
    expect(props.company.name).toBe(name);
    expect(props.results.jobs.map((job) => job.id)).toEqual([jobId]);
    expect(organizationJsonLd(props.company, `${SITE_URL}${routes.company(slug)}`).url).toBe(
      `${SITE_URL}/companies/${encoded}`,
    );
    const xml = await buildSitemap(handle.db, "https://jobs.example");
    expect(xml).toContain(`<loc>https://jobs.example/companies/${encoded}</loc>`);
  });

  it("serve its job at its own slug, and send the bare id and an older slug there (308)", async () => {
    const jobSlug = `${jobId}-映像編集者-at-株式会社クリエイト`;
    const page = await jobPageData(contextFor(jobSlug, {}, "jobs").context);
    expect(page).toHaveProperty("props.job.slug", "映像編集者-at-株式会社クリエイト");
    const address = `/jobs/${encodeURIComponent(jobSlug)}`;
    // "at" is what the slugs before issue 60 kept of this title.
    for (const older of [`${jobId}`, `${jobId}-at`]) {
      expect(await jobPageData(contextFor(older, {}, "jobs").context)).toEqual({
        redirect: { destination: address, permanent: true },
      });
    }
  });
});
