// @vitest-environment node
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { writeAggregatorFeed } from "@/features/feeds/server/aggregator-feed";
import { buildJobsAtomFeed, findFeedScope, FEED_SIZE } from "@/features/feeds/server/listing-feed";
import { storeDescriptionHtml } from "@/features/listings/server/listing-state";
import { purgeMatches } from "@/lib/server/http/page-cache";
import { jobPagesPurge } from "@/features/jobs/server/forget-job-pages";
import { setUpTestDatabase } from "@/tests/support/database";
import { days, insertCompany, insertJob, NOW } from "@/tests/db/fixtures";

const SITE = "https://jobs.example.com";
const ATOM = "http://www.w3.org/2005/Atom";

const handle = setUpTestDatabase();
const ids: Record<string, number> = {};

beforeAll(async () => {
  const acme = await insertCompany(handle.db, "acme", "Acme & Sons");
  ids.designer = (
    await insertJob(handle.db, {
      title: "Designer ]]> <b>bold</b>",
      slug: "designer",
      companyId: acme.id,
      publishedAt: days(-2),
      updatedAt: days(-1),
      descriptionHtml: "<p>Design things.</p>",
    })
  ).id;
  ids.marketer = (
    await insertJob(handle.db, {
      title: "Growth Marketer",
      companyId: acme.id,
      department: "marketing",
      region: "united-states",
      type: "contractor",
      location: "Los Angeles, CA",
      salaryMin: 80_000,
      salaryMax: 110_000,
      publishedAt: days(-1),
      updatedAt: days(-1),
    })
  ).id;
  ids.closed = (
    await insertJob(handle.db, {
      title: "Filled Designer",
      companyId: acme.id,
      status: "filled",
      publishedAt: days(-3),
    })
  ).id;
  ids.expired = (
    await insertJob(handle.db, {
      title: "Expired Designer",
      companyId: acme.id,
      publishedAt: days(-40),
      expiresAt: days(-1),
    })
  ).id;
});

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (_name, path) =>
    ["feed.entry", "feed.link", "feed.entry.link", "feed.entry.category", "source.job"].includes(
      path as string,
    ),
});

type AtomEntry = {
  title: { "#text": string; "@_type": string };
  id: string;
  link: { "@_href": string }[];
  published: string;
  updated: string;
  category: { "@_term": string }[];
};

describe("the Atom feeds of new jobs", () => {
  it("names a listing by its file, and nothing else", () => {
    expect(findFeedScope("department", "design.xml")).toEqual({
      kind: "department",
      slug: "design",
    });
    expect(findFeedScope("department", "design")).toBeNull();
    expect(findFeedScope("region", "mars.xml")).toBeNull();
  });

  it("carry a department's open jobs, newest first, with links to their pages", async () => {
    const xml = await buildJobsAtomFeed(
      handle.db,
      SITE,
      { kind: "department", slug: "design" },
      storeDescriptionHtml,
      NOW,
    );
    expect(XMLValidator.validate(xml)).toBe(true);
    const { feed } = parser.parse(xml) as {
      feed: {
        "@_xmlns": string;
        id: string;
        title: string;
        updated: string;
        link: { "@_rel"?: string; "@_href": string }[];
        entry?: AtomEntry[];
      };
    };
    expect(feed["@_xmlns"]).toBe(ATOM);
    expect(feed.id).toBe(`${SITE}/feeds/departments/design.xml`);
    expect(feed.link.map((link) => link["@_href"])).toEqual(
      expect.arrayContaining([
        `${SITE}/departments/design`,
        `${SITE}/feeds/departments/design.xml`,
      ]),
    );
    expect(feed.entry).toHaveLength(1);
    const [entry] = feed.entry!;
    expect(entry!.title["#text"]).toBe("Designer ]]> <b>bold</b> at Acme & Sons");
    expect(entry!.link[0]!["@_href"]).toBe(`${SITE}/jobs/${ids.designer}-designer`);
    expect(entry!.published).toBe(days(-2).toISOString());
    // The feed's date is its newest job's change, not the time it was asked for.
    expect(feed.updated).toBe(days(-1).toISOString());
    expect(entry!.category.map((category) => category["@_term"])).toEqual([
      "design",
      "remote",
      "full-time",
    ]);
  });

  it("for the whole board carry every open job and no closed or expired one", async () => {
    const xml = await buildJobsAtomFeed(handle.db, SITE, null, storeDescriptionHtml, NOW);
    const { feed } = parser.parse(xml) as { feed: { entry: AtomEntry[] } };
    expect(feed.entry.map((entry) => entry.id)).toEqual([
      `${SITE}/jobs/${ids.marketer}-growth-marketer`,
      `${SITE}/jobs/${ids.designer}-designer`,
    ]);
    expect(FEED_SIZE).toBeGreaterThanOrEqual(20);
  });

  it("of a region carry its jobs and the remote ones open to people there", async () => {
    const entries = async (slug: string) => {
      const xml = await buildJobsAtomFeed(
        handle.db,
        SITE,
        { kind: "region", slug },
        storeDescriptionHtml,
        NOW,
      );
      return (parser.parse(xml) as { feed: { entry?: AtomEntry[] } }).feed.entry ?? [];
    };
    // The designer's job is remote from anywhere; the marketer's is in Los Angeles.
    expect((await entries("asia")).map((entry) => entry.id)).toEqual([
      `${SITE}/jobs/${ids.designer}-designer`,
    ]);
    expect((await entries("united-states")).map((entry) => entry.id)).toEqual([
      `${SITE}/jobs/${ids.marketer}-growth-marketer`,
      `${SITE}/jobs/${ids.designer}-designer`,
    ]);
  });

  it("of a listing with no open job is an empty, valid feed", async () => {
    const xml = await buildJobsAtomFeed(
      handle.db,
      SITE,
      { kind: "department", slug: "legal" },
      storeDescriptionHtml,
      NOW,
    );
    expect(XMLValidator.validate(xml)).toBe(true);
    expect((parser.parse(xml) as { feed: { entry?: unknown[] } }).feed.entry).toBeUndefined();
  });
});

type AggregatorJob = Record<string, string>;

describe("the aggregator feed", () => {
  async function read() {
    const chunks: string[] = [];
    await writeAggregatorFeed(
      handle.db,
      SITE,
      (chunk) => void chunks.push(chunk),
      storeDescriptionHtml,
      NOW,
    );
    const xml = chunks.join("");
    expect(XMLValidator.validate(xml)).toBe(true);
    return (
      parser.parse(xml) as {
        source: {
          publisher: string;
          publisherurl: string;
          lastBuildDate: string;
          job: AggregatorJob[];
        };
      }
    ).source;
  }

  it("lists every open job in Indeed's <source><job> format", async () => {
    const source = await read();
    expect(source.publisher).toBe("Creator Jobs");
    expect(source.publisherurl).toBe(SITE);
    expect(new Date(source.lastBuildDate).toISOString()).toBe(days(-1).toISOString());
    expect(source.job.map((job) => Number(job.referencenumber))).toEqual([
      ids.designer,
      ids.marketer,
    ]);
    const [designer, marketer] = source.job;
    // CDATA keeps markup and a "]]>" in a title as text.
    expect(designer).toMatchObject({
      title: "Designer ]]> <b>bold</b>",
      url: `${SITE}/jobs/${ids.designer}-designer`,
      company: "Acme & Sons",
      description: "<p>Design things.</p>",
      jobtype: "fulltime",
      category: "Design",
      remotetype: "Fully remote",
      city: "",
      country: "",
    });
    expect(new Date(designer!.date!).toISOString()).toBe(days(-2).toISOString());
    expect(marketer).toMatchObject({
      title: "Growth Marketer",
      city: "Los Angeles",
      state: "CA",
      country: "US",
      salary: "$80,000 - $110,000 per year",
      jobtype: "contract",
      category: "Marketing",
    });
    expect(marketer!.remotetype).toBeUndefined();
    // A description not rendered before is sent as HTML too.
    expect(marketer!.description).toContain("<p>We are hiring a Growth Marketer.</p>");
  });
});

describe("the cached feeds and sitemaps", () => {
  it("are dropped with a job's pages when it is published, changed or closed", () => {
    const purge = jobPagesPurge([42]);
    for (const path of [
      "/feeds/jobs.xml",
      "/feeds/latest.xml",
      "/feeds/departments/design.xml",
      "/sitemap.xml",
      "/sitemaps/jobs-1.xml",
      "/sitemaps/listings.xml",
    ]) {
      expect(purgeMatches(purge, path), path).toBe(true);
    }
  });
});
