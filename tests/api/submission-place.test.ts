// @vitest-environment node
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import submissionsHandler from "@/pages/api/submissions/index";
import { closeDatabase, provideDatabase } from "@/lib/server/db";
import type { DatabaseHandle } from "@/lib/server/db/client";
import { jobs } from "@/lib/server/db/schema";
import { callApi } from "@/tests/api/call";
import { googleIdToken } from "@/tests/auth/emulator";
import { createTestDatabase } from "@/tests/db/database";
import { validSubmission } from "@/tests/fixtures/job-submission";

let handle: DatabaseHandle;
const run = Math.random().toString(36).slice(2, 8);
let employers = 0;
let token = "";

const submit = (body: unknown) =>
  callApi(submissionsHandler, {
    method: "POST",
    body,
    headers: { authorization: `Bearer ${token}` },
  });

const jobRow = async (id: number) =>
  (await handle.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

beforeAll(async () => {
  handle = await createTestDatabase();
  provideDatabase(handle);
});

beforeEach(async () => {
  employers += 1;
  token = await googleIdToken({
    sub: `place-${run}-${employers}`,
    email: `place-${run}-${employers}@studio.example`,
    name: "Pia",
  });
  vi.stubEnv("RECAPTCHA_SECRET_KEY", "");
  vi.stubEnv("STRIPE_SECRET_KEY", "");
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

afterAll(async () => {
  await closeDatabase();
});

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
    ["a country that is not one", { remote_countries: ["UK"] }, "place.remote_countries"],
    ["a region as a country", { remote_countries: ["EU"] }, "place.remote_countries"],
    ["a country twice", { remote_countries: ["DE", "DE"] }, "place.remote_countries"],
    ["an address country by name", { address_country: "Germany" }, "place.address_country"],
    ["a city over 100 characters", { address_locality: "x".repeat(101) }, "place.address_locality"],
    ["an unknown place field", { address_street: "1 Main St" }, "place.address_street"],
  ])("refuses %s with 422 on %s", async (_, place, field) => {
    const before = (await handle.db.select({ id: jobs.id }).from(jobs)).length;
    const response = await submit({ ...standard(), place });
    expect(response.status).toBe(422);
    expect((response.body!.errors as Record<string, string[]>)[field]).toEqual([
      expect.any(String),
    ]);
    expect((await handle.db.select({ id: jobs.id }).from(jobs)).length).toBe(before);
  });
});
