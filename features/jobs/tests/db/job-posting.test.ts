// @vitest-environment node
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { jobPostingJsonLd } from "@/features/jobs/posting-json-ld";
import { isCountryCode, remoteCountriesOf } from "@/features/jobs/locations";
import { LOGO_NAME_PATTERN, LOGO_PATH_PREFIX } from "@/lib/logos/logos";
import { SITE_URL } from "@/lib/site";
import { jobs } from "@/lib/server/db/schema";
import { SAMPLE_BOARD_DEFAULTS } from "@/lib/server/sample-board/generate";
import { seedSampleBoard } from "@/lib/server/sample-board/seed";
import { backfillJobPlaces, underivedBatch } from "@/features/listings/server/place-backfill";
import { getJob } from "@/features/jobs/server/jobs";
import { folderLogoStore } from "@/features/companies/server/logo-store";
import { setUpTestDatabase } from "@/tests/support/database";
import { setUpTempFileStores } from "@/tests/support/files";

const NOW = SAMPLE_BOARD_DEFAULTS.now;
const handle = setUpTestDatabase();
const { logoDir } = setUpTempFileStores();
const store = folderLogoStore(logoDir);

beforeAll(async () => {
  await seedSampleBoard(handle.db, { now: NOW }, store);
}, 120_000);

type Json = Record<string, unknown>;
const asList = (value: unknown): Json[] =>
  value === undefined ? [] : Array.isArray(value) ? (value as Json[]) : [value as Json];

/** Labels that name no narrower area than anywhere. */
const anywhere = (label: string) => remoteCountriesOf(label).length === 0;

describe("JobPosting data of every open job on the sample board", () => {
  it("has Google's required and recommended properties, with the place as data", async () => {
    const open = await handle.db
      .select({ id: jobs.id, location: jobs.location })
      .from(jobs)
      .where(and(eq(jobs.status, "open"), gt(jobs.expiresAt, NOW)));
    expect(open.length).toBeGreaterThan(500);
    let remote = 0;
    let worldwide = 0;
    let onSite = 0;
    const logos = new Set<string>();
    let withLogo = 0;
    for (const { id, location } of open) {
      const job = (await getJob(handle.db, id, NOW))!;
      const data = jobPostingJsonLd(
        job,
        "<p>About the role</p>",
        `https://jobs.example/jobs/${id}`,
      );
      // Required.
      expect(data.title, location).toBeTruthy();
      expect(data.description).toBeTruthy();
      expect(Date.parse(data.datePosted)).not.toBeNaN();
      expect(data.hiringOrganization.name).toBeTruthy();
      // Most sample companies have a logo, given by its absolute address.
      const { logo } = data.hiringOrganization as { logo?: string };
      if (logo) {
        withLogo += 1;
        expect(logo).toBe(`${SITE_URL}${job.company.logo_url}`);
        const { pathname } = new URL(logo);
        expect(pathname.startsWith(LOGO_PATH_PREFIX)).toBe(true);
        expect(pathname.slice(LOGO_PATH_PREFIX.length)).toMatch(LOGO_NAME_PATTERN);
        logos.add(pathname.slice(LOGO_PATH_PREFIX.length));
      } else {
        expect(job.company.logo_url).toBeNull();
      }
      // Recommended.
      expect(Date.parse(data.validThrough)).toBeGreaterThan(NOW.getTime());
      expect(data.employmentType).toMatch(/^(FULL_TIME|PART_TIME|CONTRACTOR|INTERN)$/);
      expect(data.identifier.value).toBe(String(id));
      const place = data as unknown as Json;
      if (place.jobLocationType === "TELECOMMUTE") {
        remote += 1;
        expect(place).not.toHaveProperty("jobLocation");
        const countries = asList(place.applicantLocationRequirements);
        for (const country of countries) {
          expect(country["@type"]).toBe("Country");
          expect(isCountryCode(country.name as string), String(country.name)).toBe(true);
        }
        // Every remote job names where applicants may live: Google lists it only then. A label
        // that names no area ("Remote (Worldwide)") stands for the countries the company hires in.
        expect(countries.length, location).toBeGreaterThan(0);
        if (anywhere(location)) worldwide += 1;
        expect(JSON.stringify(place)).not.toContain("Worldwide");
      } else {
        onSite += 1;
        const address = (place.jobLocation as Json).address as Json;
        expect(address["@type"]).toBe("PostalAddress");
        expect(address.addressLocality, location).toBeTruthy();
        expect(address.addressRegion, location).toBeTruthy();
        expect(isCountryCode(address.addressCountry as string), location).toBe(true);
      }
    }
    expect(remote).toBeGreaterThan(100);
    expect(onSite).toBeGreaterThan(100);
    expect(worldwide).toBeGreaterThan(0);
    expect(worldwide).toBeLessThan(remote / 2);
    expect(withLogo / open.length).toBeGreaterThan(0.75);
    expect(withLogo / open.length).toBeLessThan(0.97);
    // Every address is a file in the store.
    for (const name of logos) expect(await store.get(name)).not.toBeNull();
  }, 300_000);

  it("sends a remote job open to the UK and Europe as every European country", async () => {
    const [row] = await handle.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.location, "Remote (UK and Europe)"), ne(jobs.status, "pending")))
      .limit(1);
    const job = (await getJob(handle.db, row!.id, NOW))!;
    const names = asList(
      (jobPostingJsonLd(job, "", "x") as unknown as Json).applicantLocationRequirements,
    ).map((country) => country.name);
    expect(names).toEqual(expect.arrayContaining(["GB", "DE", "FR", "IE", "PL"]));
  });
});

describe("jobs written before migration 0015", () => {
  // Every job of the sample board, twice over: a limit of its own for a busy machine (issue 41).
  it("get their place from their words: the migration's SQL, then the backfill", async () => {
    const cleared = {
      remoteCountries: null,
      addressLocality: null,
      addressRegion: null,
      addressCountry: null,
    };
    await handle.db.update(jobs).set(cleared);
    // The migration's own backfill statements, as it ran them on a board of old rows.
    const migration = readFileSync("lib/server/db/migrations/0015_job_locations.sql", "utf8");
    const updates = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.replace(/^--.*$/gm, "").trim())
      .filter((statement) => statement.startsWith("UPDATE"));
    expect(updates).toHaveLength(3);
    for (const statement of updates) await handle.db.execute(statement);
    const [austin] = await handle.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.location, "Austin, TX"), eq(jobs.region, "united-states")))
      .limit(1);
    expect(austin).toMatchObject({
      addressLocality: "Austin",
      addressRegion: "US-TX",
      addressCountry: "US",
    });

    const filled = await backfillJobPlaces(handle.db);
    expect(filled).toBeGreaterThan(0);
    expect(await backfillJobPlaces(handle.db)).toBe(0);
    const [berlin] = await handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.location, "Berlin, Germany"))
      .limit(1);
    expect(berlin).toMatchObject({
      addressLocality: "Berlin",
      addressRegion: "DE-BE",
      addressCountry: "DE",
    });
    const [apac] = await handle.db
      .select()
      .from(jobs)
      .where(eq(jobs.location, "Remote (APAC)"))
      .limit(1);
    expect(apac!.remoteCountries).toEqual(expect.arrayContaining(["AU", "JP", "SG"]));
    expect(apac!.addressCountry).toBeNull();
  }, 90_000);

  it("finds the jobs left to derive from their own index, not by reading the table", async () => {
    // At every start (lib/server/start/app-database.ts): without the partial index, a board
    // with every place derived was read whole to find none (4.5 s on a million jobs). The
    // planner reads a table this small whole either way, so it is told not to, and must then
    // have an index that answers the query by itself.
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${underivedBatch(tx, 0)}`);
      return JSON.stringify(result);
    });
    expect(plan).toContain("jobs_place_underived_idx");
  });
});
