// @vitest-environment node
import { sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { boardRegionsOf } from "@/features/jobs/locations";
import { REGIONS, type RegionSlug } from "@/lib/taxonomy";
import { jobs } from "@/lib/server/db/schema";
import { searchJobs } from "@/features/jobs/server/job-search";
import { buildSitemapFile } from "@/features/feeds/server/sitemap";
import { setUpTestDatabase } from "@/tests/support/database";
import { NOW, days, insertCompany, insertJob } from "@/tests/db/fixtures";

/*
 * A region's page lists the jobs based there and the remote jobs open to people there, from the
 * countries a remote job accepts (migration 0016's generated board_regions column).
 */

const handle = setUpTestDatabase();

const JOBS = {
  berlin: { region: "europe", location: "Berlin, Germany" },
  toronto: { region: "canada", location: "Toronto, ON" },
  anywhere: { region: "remote", location: "Remote" },
  europe: { region: "remote", location: "Remote (Europe)" },
  ukEurope: { region: "remote", location: "Remote (UK and Europe)" },
  usOnly: { region: "remote", location: "Remote (US only)" },
  apac: { region: "remote", location: "Remote (APAC)" },
  latam: { region: "remote", location: "Remote (Latin America)" },
} as const;
type Key = keyof typeof JOBS;

const ids = {} as Record<Key, number>;
const SITE = "https://jobs.example";

beforeAll(async () => {
  const studio = await insertCompany(handle.db, "studio", "Studio");
  let age = 0;
  for (const [key, place] of Object.entries(JOBS)) {
    age += 1;
    const job = await insertJob(handle.db, {
      title: `Editor ${key}`,
      companyId: studio.id,
      ...place,
      publishedAt: days(-age),
      updatedAt: days(-age),
    });
    ids[key as Key] = job.id;
  }
});

const keysIn = async (region: RegionSlug) => {
  const found = await searchJobs(handle.db, { page: 1, per_page: 50, region }, NOW);
  const byId = new Map(Object.entries(ids).map(([key, id]) => [id, key]));
  return found.jobs.map((job) => byId.get(job.id)).sort();
};

describe("a board region", () => {
  it("is stored for each job as the TypeScript rule says", async () => {
    const rows = await handle.db
      .select({
        region: jobs.region,
        remoteCountries: jobs.remoteCountries,
        boardRegions: jobs.boardRegions,
      })
      .from(jobs);
    expect(rows).toHaveLength(Object.keys(JOBS).length);
    for (const row of rows) {
      expect(row.boardRegions).toEqual(boardRegionsOf(row.region, row.remoteCountries));
      expect(row.boardRegions[0]).toBe(row.region);
    }
  });

  it("lists the jobs based there and the remote ones open to people there", async () => {
    expect(await keysIn("europe")).toEqual(["anywhere", "berlin", "europe", "ukEurope"]);
    // Europe as the UN draws it includes the United Kingdom.
    expect(await keysIn("united-kingdom")).toEqual(["anywhere", "europe", "ukEurope"]);
    expect(await keysIn("united-states")).toEqual(["anywhere", "usOnly"]);
    expect(await keysIn("canada")).toEqual(["anywhere", "toronto"]);
    expect(await keysIn("asia")).toEqual(["anywhere", "apac"]);
    expect(await keysIn("australia")).toEqual(["anywhere", "apac"]);
    expect(await keysIn("south-america")).toEqual(["anywhere", "latam"]);
    expect(await keysIn("africa")).toEqual(["anywhere"]);
    expect(await keysIn("remote")).toEqual(
      ["anywhere", "apac", "europe", "latam", "ukEurope", "usOnly"].sort(),
    );
  });

  it("follows a change of the countries a job accepts", async () => {
    await handle.db
      .update(jobs)
      .set({ remoteCountries: ["ZA", "KE"] })
      .where(sql`${jobs.id} = ${ids.usOnly}`);
    expect(await keysIn("africa")).toEqual(["anywhere", "usOnly"]);
    expect(await keysIn("united-states")).toEqual(["anywhere"]);
    await handle.db
      .update(jobs)
      .set({ remoteCountries: ["US"] })
      .where(sql`${jobs.id} = ${ids.usOnly}`);
  });

  it("page's sitemap date is the newest change among the jobs it lists", async () => {
    const xml = await buildSitemapFile(handle.db, SITE, "listings", NOW);
    const { urlset } = new XMLParser().parse(xml!) as {
      urlset: { url: { loc: string; lastmod?: string }[] };
    };
    const lastmod = (slug: string) =>
      urlset.url.find((url) => url.loc === `${SITE}/regions/${slug}`)?.lastmod;
    const day = (age: number) =>
      days(-age)
        .toISOString()
        .replace(/\.\d+Z$/, "Z");
    // Berlin (1 day old) is the newest job in Europe; the APAC one (7 days) the only one in
    // Asia but the one from anywhere (3 days) is newer.
    expect(lastmod("europe")).toBe(day(1));
    expect(lastmod("asia")).toBe(day(3));
    expect(lastmod("canada")).toBe(day(2));
    for (const region of REGIONS) expect(lastmod(region.slug)).toBeDefined();
  });
});
