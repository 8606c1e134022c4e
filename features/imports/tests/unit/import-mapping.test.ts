// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jobSchema } from "@/features/listings/submission-schemas";
import type { AtsJob } from "@/features/imports/server/ats/types";
import { SKIP_REASONS } from "@/features/imports/schemas";
import { countriesOfJob, mapAtsJob, type SourceRules } from "@/features/imports/server/map-job";
import { requireRemoteCountries } from "@/features/jobs/server/job-location";

const description =
  "<h2>The role</h2><p>" +
  "You will edit long-form videos for our channels and help the team ship every week. ".repeat(4) +
  "</p><p><a href='https://boards.greenhouse.io/acme/jobs/1#app'>Apply now</a></p>";

const atsJob = (fields: Partial<AtsJob> = {}): AtsJob => ({
  externalId: "4012345",
  title: "Senior Software Engineer",
  departments: ["Engineering"],
  locations: ["London, UK"],
  countryCode: null,
  remote: null,
  employmentType: "Full-time",
  descriptionHtml: description,
  salary: null,
  applyUrl: "https://boards.greenhouse.io/acme/jobs/4012345",
  jobUrl: "https://boards.greenhouse.io/acme/jobs/4012345",
  postedAt: null,
  updatedAt: null,
  listed: true,
  ...fields,
});

const noRules: SourceRules = {
  departments: {},
  types: {},
  remoteCountries: null,
  onlyDepartments: [],
  onlyLocations: [],
};

/** Maps a job expected to become a listing, and returns the listing. */
async function listing(fields: Partial<AtsJob> = {}, rules: Partial<SourceRules> = {}) {
  const mapped = await mapAtsJob(atsJob(fields), { ...noRules, ...rules });
  if (mapped.outcome !== "listing") throw new Error(`skipped: ${mapped.message}`);
  return mapped;
}

async function skipped(fields: Partial<AtsJob> = {}, rules: Partial<SourceRules> = {}) {
  const mapped = await mapAtsJob(atsJob(fields), { ...noRules, ...rules });
  if (mapped.outcome !== "skipped") throw new Error(`listed: ${JSON.stringify(mapped.job)}`);
  return mapped;
}

describe("an ATS job as a listing", () => {
  it("is the submit form's job, applied for at the ATS, with its place", async () => {
    const { job, place } = await listing();
    expect(job).toEqual({
      title: "Senior Software Engineer",
      department: "engineering",
      region: "united-kingdom",
      type: "full-time",
      location: "London, UK",
      salary_min: null,
      salary_max: null,
      salary_currency: "GBP",
      salary_period: "year",
      description: expect.stringMatching(/^## The role\n\nYou will edit/),
      apply_url: "https://boards.greenhouse.io/acme/jobs/4012345",
      apply_email: null,
      apply_method: "link",
      screening_questions: [],
      applicant_mail: "instant",
    });
    expect(job.description).not.toMatch(/apply now/i);
    // What /submit would take as it is.
    expect(jobSchema.parse(job)).toEqual(job);
    expect(place).toEqual({
      remoteCountries: null,
      addressLocality: "London",
      addressRegion: "GB-ENG",
      addressCountry: "GB",
    });
  });
});

describe("skip reasons", () => {
  it("covers every reason the contract names", async () => {
    const reasons = new Set<string>();
    for (const [fields, rules] of [
      [{ listed: false }, {}],
      [{ departments: ["Sales"] }, { onlyDepartments: ["engineering"] }],
      [{ locations: ["Remote"] }, {}],
      [{ title: "Wizard", departments: ["Guild of Wizards"] }, {}],
      [{ locations: ["Springfield"] }, {}],
      [{ descriptionHtml: "<p>Too short.</p>" }, {}],
    ] as [Partial<AtsJob>, Partial<SourceRules>][]) {
      reasons.add((await skipped(fields, rules)).reason);
    }
    // Every reason the mapping can give; over_limit is the sync's (features/imports/server/sync.ts).
    expect([...reasons].sort()).toEqual(SKIP_REASONS.filter((r) => r !== "over_limit").sort());
  });

  it("unlisted: a job the ATS hides or drafts", async () => {
    expect(await skipped({ listed: false })).toEqual({
      outcome: "skipped",
      reason: "unlisted",
      message: expect.stringMatching(/unlisted/i),
    });
  });

  it("not_chosen: outside the departments or the locations chosen; empty lists take all", async () => {
    const onlyEngineering = { onlyDepartments: ["engineering"] };
    expect(await skipped({ departments: ["Sales"] }, onlyEngineering)).toMatchObject({
      reason: "not_chosen",
      message: "In “Sales”, not a department you chose",
    });
    // Any of its department names, as the ATS nests them, any case.
    await listing({ departments: ["ENGINEERING ", "Platform"] }, onlyEngineering);
    expect(
      await skipped({ locations: ["Berlin, Germany"] }, { onlyLocations: ["london, uk"] }),
    ).toMatchObject({
      reason: "not_chosen",
      message: "At “Berlin, Germany”, not a location you chose",
    });
    // Its first location is the one chosen by.
    await listing(
      { locations: ["London, UK", "Berlin, Germany"] },
      { onlyLocations: ["london, uk"] },
    );
    await listing({ departments: ["Sales"], title: "Account Executive" });
  });

  it("not_chosen by country: where the board reads the job to be, however the ATS words it (issue 61)", async () => {
    const onlyUk = { onlyCountries: ["GB"] };
    // Three ways an ATS words the same country, each taken.
    for (const locations of [["London, UK"], ["Manchester, England"], ["Edinburgh"]]) {
      await listing({ locations }, onlyUk);
    }
    await listing({ locations: ["HQ"], countryCode: "GB" }, onlyUk);
    expect(await skipped({ locations: ["Berlin, Germany"] }, onlyUk)).toMatchObject({
      reason: "not_chosen",
      message: "In Germany, not a country you chose",
    });
    expect(await skipped({ locations: ["Austin, TX"] }, onlyUk)).toMatchObject({
      reason: "not_chosen",
      message: "In United States, not a country you chose",
    });
    // A remote job by the countries it hires in, named or given for the source.
    await listing({ locations: ["Remote - UK"] }, onlyUk);
    await listing({ locations: ["Remote"] }, { ...onlyUk, remoteCountries: ["GB", "IE"] });
    expect(
      await skipped({ locations: ["Remote"] }, { ...onlyUk, remoteCountries: ["US"] }),
    ).toMatchObject({ reason: "not_chosen" });
    // None chosen: every country.
    await listing({ locations: ["Berlin, Germany"] }, { onlyCountries: [] });
    expect(countriesOfJob(atsJob({ locations: ["Manchester, England"] }), noRules)).toEqual(["GB"]);
  });

  it("needs_countries: remote, naming no country, with none given for the source", async () => {
    for (const locations of [["Remote"], ["Remote - Worldwide"], ["Anywhere"]]) {
      expect(await skipped({ locations })).toEqual({
        outcome: "skipped",
        reason: "needs_countries",
        message: "Remote with no country named: say which countries it hires in",
      });
    }
    expect(await skipped({ locations: ["Remote"] }, { remoteCountries: [] })).toMatchObject({
      reason: "needs_countries",
    });
  });

  it("unknown_department: names the ATS department, so the employer can add a row", async () => {
    expect(await skipped({ title: "Wizard", departments: ["Guild of Wizards"] })).toEqual({
      outcome: "skipped",
      reason: "unknown_department",
      message: "No board department for the ATS department “Guild of Wizards”: add a row for it",
    });
    expect(await skipped({ title: "Wizard", departments: [] })).toMatchObject({
      reason: "unknown_department",
      message: expect.stringContaining("“Wizard”"),
    });
  });

  it("unknown_place: a location that reads as no board region", async () => {
    expect(await skipped({ locations: ["Springfield"] })).toMatchObject({
      reason: "unknown_place",
      message: "“Springfield” is in none of the board's regions: it cannot be listed as it is",
    });
    expect(await skipped({ locations: ["Mexico City, Mexico"] })).toMatchObject({
      reason: "unknown_place",
      message: expect.stringMatching(/^Mexico is in none/),
    });
    expect(await skipped({ locations: [] })).toMatchObject({ reason: "unknown_place" });
  });

  it("invalid: the submit form's own first message for each field, in plain words", async () => {
    expect(await skipped({ descriptionHtml: "<p>Too short.</p>" })).toEqual({
      outcome: "skipped",
      reason: "invalid",
      message: "Description: Describe the role in at least 200 characters",
    });
    expect(
      await skipped({ title: "QA", applyUrl: "ftp://acme.example/apply", descriptionHtml: "" }),
    ).toMatchObject({
      reason: "invalid",
      message:
        "Title: Enter the job title; Description: Describe the role in at least 200 characters; " +
        "Application link: Enter the application link as an address starting with https://",
    });
    expect(await skipped({ title: "x".repeat(121) })).toMatchObject({
      message: "Title: Keep the title under 120 characters",
    });
  });
});

describe("departments", () => {
  it("reads the board's words in the ATS's department names, most specific first", async () => {
    const cases: [string[], string, string][] = [
      [["Engineering"], "Wizard", "engineering"],
      [["Software"], "Wizard", "engineering"],
      [["Data"], "Wizard", "engineering"],
      [["R&D"], "Wizard", "engineering"],
      [["Marketing", "Influencer Marketing"], "Wizard", "influencer-marketing"],
      [["Customer Support"], "Wizard", "support"],
      [["Finance & Accounting"], "Wizard", "finance"],
      [["Go To Market", "Creator Partnerships"], "Wizard", "creator-partnerships"],
    ];
    for (const [departments, title, slug] of cases) {
      expect((await listing({ departments, title })).job.department, departments.join(" / ")).toBe(
        slug,
      );
    }
  });

  it("reads recruiting and HR as operations, never as the creators' talent management", async () => {
    const cases: [string[], string, string][] = [
      [["People"], "Wizard", "operations"],
      [["Talent Acquisition"], "Wizard", "operations"],
      [["Human Resources"], "Wizard", "operations"],
      [["Recruiting"], "Wizard", "operations"],
      // "Talent" alone says neither: the title decides.
      [["Talent"], "Talent Partner", "operations"],
      [["Talent"], "Senior Recruiter", "operations"],
      [["Talent"], "Talent Manager", "talent-management"],
      [[], "Talent Agent, Gaming", "talent-management"],
      [["Creator Management"], "Wizard", "talent-management"],
    ];
    for (const [departments, title, slug] of cases) {
      expect(
        (await listing({ departments, title })).job.department,
        `${departments} ${title}`,
      ).toBe(slug);
    }
    expect(await skipped({ departments: ["Talent"], title: "Wizard" })).toMatchObject({
      reason: "unknown_department",
    });
  });

  it("reads the title when the departments say nothing: its last department word, up to a comma", async () => {
    const cases: [string, string][] = [
      ["Product Marketing Manager", "marketing"],
      ["Product Designer", "design"],
      ["Product Manager, Payments", "product"],
      ["Creator Support Specialist", "support"],
      ["Influencer Marketing Manager", "influencer-marketing"],
      ["Brand Partnerships Manager", "creator-partnerships"],
      ["Executive Assistant to the CEO", "administration"],
      ["Video Editor", "design"],
      ["Legal Counsel", "legal"],
      ["Account Executive", "sales"],
    ];
    for (const [title, slug] of cases) {
      expect((await listing({ departments: [], title })).job.department, title).toBe(slug);
    }
  });

  it("takes the employer's rows over the words, by the most specific name, lowercased", async () => {
    const rules = { departments: { engineering: "product", "growth pod": "marketing" } };
    expect((await listing({ departments: ["Engineering"] }, rules)).job.department).toBe("product");
    expect(
      (await listing({ departments: ["Engineering", " Growth  Pod "] }, rules)).job.department,
    ).toBe("marketing");
    expect(
      (
        await listing(
          { departments: ["Guild of Wizards"] },
          { departments: { "guild of wizards": "design" } },
        )
      ).job.department,
    ).toBe("design");
    // A row naming no board department, or one from the prototype, is no row.
    expect(
      (await listing({ departments: ["Engineering"] }, { departments: { engineering: "magic" } }))
        .job.department,
    ).toBe("engineering");
    expect(
      await skipped({ title: "Wizard", departments: ["constructor"] }, { departments: {} }),
    ).toMatchObject({ reason: "unknown_department" });
  });
});

describe("job types", () => {
  it("reads the ATSs' words for each of the board's types; none given is full-time", async () => {
    const cases: [string | null, string][] = [
      ["Full-time", "full-time"],
      ["FullTime", "full-time"],
      ["full_time", "full-time"],
      ["Permanent", "full-time"],
      ["Full-time employee", "full-time"],
      [null, "full-time"],
      ["", "full-time"],
      ["Part-time", "part-time"],
      ["PartTime", "part-time"],
      ["Contract", "contractor"],
      ["Contractor", "contractor"],
      ["Freelance", "contractor"],
      ["Temporary", "contractor"],
      ["Intern", "internship"],
      ["Internship", "internship"],
    ];
    for (const [employmentType, slug] of cases) {
      expect((await listing({ employmentType })).job.type, String(employmentType)).toBe(slug);
    }
  });

  it("takes the employer's rows first, and refuses a type it cannot read", async () => {
    expect(
      (await listing({ employmentType: "Contract" }, { types: { contract: "part-time" } })).job
        .type,
    ).toBe("part-time");
    expect(
      (await listing({ employmentType: "Volunteer" }, { types: { volunteer: "part-time" } })).job
        .type,
    ).toBe("part-time");
    expect(await skipped({ employmentType: "Volunteer" })).toMatchObject({
      reason: "invalid",
      message: "Job type: the ATS's “Volunteer” is none of the board's: add a row for it",
    });
  });
});

describe("pay", () => {
  const salary = (min: number | null, max: number | null, currency: string, period: string) =>
    ({ min, max, currency, period }) as AtsJob["salary"];

  it("is kept in the board's currencies and within its bounds for the period", async () => {
    const yearly = (await listing({ salary: salary(120_000, 150_000, "usd", "year") })).job;
    expect(yearly).toMatchObject({
      salary_min: 120_000,
      salary_max: 150_000,
      salary_currency: "USD",
      salary_period: "year",
    });
    expect((await listing({ salary: salary(25.4, 40.6, "GBP", "hour") })).job).toMatchObject({
      salary_min: 25,
      salary_max: 41,
      salary_currency: "GBP",
      salary_period: "hour",
    });
    expect((await listing({ salary: salary(null, 5_000, "EUR", "month") })).job).toMatchObject({
      salary_min: null,
      salary_max: 5_000,
      salary_currency: "EUR",
      salary_period: "month",
    });
  });

  it("is left out, not the job, when the board cannot show it", async () => {
    const none = { salary_min: null, salary_max: null, salary_period: "year" };
    for (const pay of [
      salary(100_000, 120_000, "JPY", "year"), // not a board currency
      salary(10, 20, "USD", "year"), // under a year's least
      salary(50_000, 60_000, "USD", "hour"), // over an hour's most
      salary(90_000, 80_000, "USD", "year"), // upside down
      salary(null, null, "USD", "year"),
      salary(Number.NaN, Number.POSITIVE_INFINITY, "USD", "year"),
      salary(1_000, 2_000, "USD", "week"),
    ]) {
      expect((await listing({ salary: pay })).job, JSON.stringify(pay)).toMatchObject(none);
    }
    // No pay still names a currency, as the form does: the region's.
    expect((await listing({ locations: ["Berlin, Germany"] })).job.salary_currency).toBe("EUR");
    expect((await listing({ locations: ["Austin, TX"] })).job.salary_currency).toBe("USD");
  });
});

describe("places", () => {
  it("reads an on-site job's region and place from its words or the ATS's country", async () => {
    const cases: [Partial<AtsJob>, string, object][] = [
      [
        { locations: ["Austin, TX"] },
        "united-states",
        { addressRegion: "US-TX", addressCountry: "US" },
      ],
      [
        { locations: ["New York"] },
        "united-states",
        { addressLocality: "New York", addressCountry: "US" },
      ],
      [
        { locations: ["Berlin"], countryCode: "de" },
        "europe",
        { addressRegion: "DE-BE", addressCountry: "DE" },
      ],
      [{ locations: ["Toronto, ON"] }, "canada", { addressRegion: "CA-ON", addressCountry: "CA" }],
      [{ locations: ["Singapore"] }, "asia", { addressCountry: "SG" }],
      [
        { locations: ["Lagos, Nigeria"] },
        "africa",
        { addressRegion: "NG-LA", addressCountry: "NG" },
      ],
      [
        { locations: ["Hybrid - London, UK"], remote: false },
        "united-kingdom",
        { addressLocality: "London" },
      ],
      [{ locations: [], countryCode: "AU" }, "australia", { addressCountry: "AU" }],
    ];
    for (const [fields, region, place] of cases) {
      const mapped = await listing(fields);
      expect(mapped.job.region, JSON.stringify(fields)).toBe(region);
      expect(mapped.place, JSON.stringify(fields)).toMatchObject({
        remoteCountries: null,
        ...place,
      });
    }
  });

  it("lists a remote job in the Remote region with the countries it names, or the source's", async () => {
    const named = await listing({ locations: ["Remote - US"] });
    expect(named.job).toMatchObject({ region: "remote", location: "Remote - US" });
    expect(named.place.remoteCountries).toEqual(["US"]);
    expect((await listing({ locations: ["Remote (Austin, TX)"] })).place.remoteCountries).toEqual([
      "US",
    ]);
    expect(
      (await listing({ locations: ["Remote"], countryCode: "GB" })).place.remoteCountries,
    ).toEqual(["GB"]);
    const europe = await listing({ locations: ["Remote, Europe"] });
    expect(europe.place.remoteCountries).toContain("DE");

    const given = await listing({ locations: ["Remote"] }, { remoteCountries: ["gb", "IE", "XX"] });
    expect(given.job).toMatchObject({ region: "remote", location: "Remote" });
    expect(given.place.remoteCountries).toEqual(["GB", "IE"]);
    // Its words name none: the source's countries stand for "anywhere".
    const flagged = await listing({ locations: ["United States"], remote: true });
    expect(flagged.job.location).toBe("Remote (United States)");
    expect(flagged.place.remoteCountries).toEqual(["US"]);
    const anywhere = await listing({ locations: [], remote: true }, { remoteCountries: ["CA"] });
    expect(anywhere.job.location).toBe("Remote");
    // Every remote listing names a country: the board's own rule passes.
    for (const mapped of [named, given, flagged, anywhere]) {
      expect(() => requireRemoteCountries(mapped.place)).not.toThrow();
    }
  });

  it("keeps a location label within the form's 100 characters, on one line", async () => {
    const cities = Array.from({ length: 30 }, (_, index) => `City ${index}`).join(", ") + ", UK";
    const { job } = await listing({ locations: [`${cities}`], countryCode: "GB" });
    expect(job.location.length).toBeLessThanOrEqual(100);
    expect(job.location).toMatch(/^City 0, City 1, .*…$/);
    const lines = await listing({ locations: ["London,\n  UK"] });
    expect(lines.job.location).toBe("London, UK");
  });
});

describe("any input", () => {
  it("never throws, and every listing passes the submit rules", async () => {
    const anything = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string()));
    const words = fc.constantFrom(
      ...["Remote", "Remote - US", "London, UK", "Austin, TX", "Springfield", "Anywhere", ""],
      ...["Engineering", "Talent", "People", "constructor", "__proto__", "Full-time", "Contract"],
    );
    /** Mostly `good`, so that listings come out too, else `others`. */
    const often = <T>(good: T, ...others: fc.Arbitrary<unknown>[]) =>
      fc.oneof({ arbitrary: fc.constant(good), weight: 3 }, ...others);
    const jobs = fc.record({
      externalId: fc.string(),
      title: often("Senior Software Engineer", fc.string(), words),
      departments: often(
        ["Engineering"],
        fc.array(fc.oneof(words, fc.string()), { maxLength: 3 }),
        anything,
      ),
      locations: often(
        ["London, UK"],
        fc.array(fc.oneof(words, fc.string()), { maxLength: 3 }),
        anything,
      ),
      countryCode: fc.oneof(fc.constantFrom("US", "GB", "de", "ZZ", null), fc.string()),
      remote: fc.oneof(fc.boolean(), fc.constant(null), anything),
      employmentType: often("Full-time", words, fc.string(), fc.constant(null)),
      descriptionHtml: often(description, fc.string(), anything),
      salary: fc.oneof(
        fc.constant(null),
        fc.record({
          min: fc.oneof(fc.double(), fc.integer(), fc.constant(null)),
          max: fc.oneof(fc.double(), fc.integer(), fc.constant(null)),
          currency: fc.oneof(fc.constantFrom("USD", "GBP", "JPY"), fc.string()),
          period: fc.oneof(fc.constantFrom("year", "month", "hour"), fc.string()),
        }),
        anything,
      ),
      applyUrl: often("https://ats.example/apply", fc.string(), anything),
      jobUrl: fc.string(),
      postedAt: fc.constant(null),
      updatedAt: fc.constant(null),
      listed: often(true, fc.boolean(), anything),
    });
    const rules = fc.record({
      departments: fc.oneof(
        fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.constant("design"))),
        anything,
      ),
      types: fc.oneof(fc.dictionary(fc.string(), fc.string()), anything),
      remoteCountries: fc.oneof(
        fc.constant(null),
        fc.array(fc.constantFrom("US", "GB", "zz", "")),
        anything,
      ),
      onlyDepartments: often([], fc.array(fc.string(), { maxLength: 2 }), anything),
      onlyLocations: often([], fc.array(fc.string(), { maxLength: 2 }), anything),
    });
    let listings = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ arbitrary: jobs, weight: 5 }, anything),
        fc.oneof({ arbitrary: rules, weight: 5 }, anything),
        async (job, rule) => {
          const mapped = await mapAtsJob(job as AtsJob, rule as SourceRules);
          if (mapped.outcome === "skipped") {
            expect(SKIP_REASONS).toContain(mapped.reason);
            expect(mapped.message).not.toBe("");
          } else {
            listings += 1;
            expect(jobSchema.safeParse(mapped.job).success).toBe(true);
            expect(mapped.job.apply_method).toBe("link");
            expect(() => requireRemoteCountries(mapped.place)).not.toThrow();
          }
        },
      ),
      { numRuns: 300 },
    );
    // The property saw listings, not only skips.
    expect(listings).toBeGreaterThan(0);
  });
});
