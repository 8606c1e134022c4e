// @vitest-environment node
import { describe, expect, it } from "vitest";
import listingsHandler from "@/pages/api/listings/index";
import { jobs } from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { employerSuite } from "@/tests/api/employer-suite";
import { validSubmission } from "@/tests/fixtures/job-submission";
import { bearer } from "@/tests/support/auth";

const suite = employerSuite("place", "Pia");
const { jobRow } = suite;

const submit = (body: unknown) =>
  callApi(listingsHandler, { method: "POST", body, headers: bearer(suite.tokens.employer) });

const standard = () => ({ ...validSubmission(), plan: "standard" });

describe("where a submitted job can be done", () => {
  it("stores a remote job's chosen countries, its words staying the label", async () => {
    const body = {
      ...standard(),
      job: { ...standard().job, region: "remote", location: "Remote (UK and Ireland)" },
      place: { remote_countries: ["GB", "IE"] },
    };
    const response = await submit(body);
    expect(response.status).toBe(201);
    const row = await jobRow(response.body!.id as number);
    expect(row).toMatchObject({
      location: "Remote (UK and Ireland)",
      remoteCountries: ["GB", "IE"],
      addressCountry: null,
    });
  });

  it("stores an on-site job's city, region and country", async () => {
    const body = {
      ...standard(),
      place: { address_locality: "London", address_region: "GB-ENG", address_country: "GB" },
    };
    const response = await submit(body);
    expect(response.status).toBe(201);
    expect(await jobRow(response.body!.id as number)).toMatchObject({
      remoteCountries: null,
      addressLocality: "London",
      addressRegion: "GB-ENG",
      addressCountry: "GB",
    });
  });

  it("reads the place from the location when the body gives none", async () => {
    const body = {
      ...standard(),
      job: { ...standard().job, region: "remote", location: "Remote — North America" },
    };
    const response = await submit(body);
    expect(response.status).toBe(201);
    expect((await jobRow(response.body!.id as number)).remoteCountries).toEqual(["CA", "US"]);
  });

  it.each([
    ["naming no area", "Remote", undefined],
    ["open anywhere, in words", "Remote (Worldwide)", undefined],
    ["open anywhere, with no country chosen", "Remote (Worldwide)", { remote_countries: [] }],
    ["with its countries chosen away", "Remote (Europe)", { remote_countries: [] }],
  ])(
    "refuses a remote job %s with 422 on place.remote_countries, storing nothing",
    async (_, location, place) => {
      const before = (await suite.handle.db.select({ id: jobs.id }).from(jobs)).length;
      const job = { ...standard().job, region: "remote", location };
      const response = await submit({ ...standard(), job, ...(place ? { place } : {}) });
      expect(response.status).toBe(422);
      expect(response.body!.errors).toEqual({
        "place.remote_countries": [expect.stringContaining("Google's job search")],
      });
      expect((await suite.handle.db.select({ id: jobs.id }).from(jobs)).length).toBe(before);
    },
  );

  it("takes a job open worldwide with the countries its company hires in, the label unchanged", async () => {
    const job = { ...standard().job, region: "remote", location: "Remote (Worldwide)" };
    const response = await submit({
      ...standard(),
      job,
      place: { remote_countries: ["US", "GB"] },
    });
    expect(response.status).toBe(201);
    expect(await jobRow(response.body!.id as number)).toMatchObject({
      location: "Remote (Worldwide)",
      remoteCountries: ["US", "GB"],
    });
  });

  it.each([
    ["a country that is not one", { remote_countries: ["UK"] }, "place.remote_countries"],
    ["a region as a country", { remote_countries: ["EU"] }, "place.remote_countries"],
    ["a country twice", { remote_countries: ["DE", "DE"] }, "place.remote_countries"],
    ["an address country by name", { address_country: "Germany" }, "place.address_country"],
    ["a city over 100 characters", { address_locality: "x".repeat(101) }, "place.address_locality"],
    ["an unknown place field", { address_street: "1 Main St" }, "place.address_street"],
  ])("refuses %s with 422 on %s", async (_, place, field) => {
    const before = (await suite.handle.db.select({ id: jobs.id }).from(jobs)).length;
    const response = await submit({ ...standard(), place });
    expect(response.status).toBe(422);
    expect((response.body!.errors as Record<string, string[]>)[field]).toEqual([
      expect.any(String),
    ]);
    expect((await suite.handle.db.select({ id: jobs.id }).from(jobs)).length).toBe(before);
  });
});
