// @vitest-environment node
import { describe, expect, it } from "vitest";
import { isRemoteJob, lacksRemoteCountries, sendsPlace } from "@/features/jobs/remote-job";
import { jobSubmissionSchema } from "@/features/listings/submission-schemas";
import { listingEditBodySchema } from "@/features/listings/edit-schemas";
import { validSubmission } from "@/tests/fixtures/job-submission";

describe("isRemoteJob", () => {
  it("is the Remote region, or a location that starts with Remote", () => {
    expect(isRemoteJob("remote", "Anywhere")).toBe(true);
    expect(isRemoteJob("europe", "  Remote (EMEA)")).toBe(true);
    expect(isRemoteJob("europe", "Berlin, Germany")).toBe(false);
    expect(isRemoteJob("europe", "Remotely, Germany")).toBe(false);
  });
});

describe("a listing edit sends its place", () => {
  const london = { location: "London, UK", region: "united-kingdom" };
  const berlin = { location: "Berlin, Germany", region: "europe" };
  const remote = { location: "Remote", region: "remote" };

  it("when the location stays: what the employer chose is kept", () => {
    expect(sendsPlace(london, london, false)).toBe(true);
  });

  it("not when an on-site job moves and its address was left as it was: read from the words", () => {
    expect(sendsPlace(berlin, london, false)).toBe(false);
    expect(sendsPlace({ ...london, region: "europe" }, london, false)).toBe(false);
  });

  it("when the employer touched the address of a job that moved", () => {
    expect(sendsPlace(berlin, london, true)).toBe(true);
  });

  it("always for a remote job: its countries rarely show in its label", () => {
    expect(sendsPlace({ ...remote, location: "Remote, flexible hours" }, remote, false)).toBe(true);
    expect(sendsPlace(remote, london, false)).toBe(true);
  });
});

describe("a remote job names the countries applicants may live in", () => {
  const remote = { region: "remote", location: "Remote" };
  it("lacks them when remote and the countries given name none", () => {
    expect(lacksRemoteCountries(remote, [])).toBe(true);
    expect(lacksRemoteCountries(remote, ["DE"])).toBe(false);
    // Not given: the server reads them from the location's words.
    expect(lacksRemoteCountries(remote, undefined)).toBe(false);
    expect(lacksRemoteCountries({ region: "europe", location: "Berlin" }, [])).toBe(false);
  });

  it("is the same rule, on the same field, for /submit and a listing's edit", () => {
    const job = { ...validSubmission().job, ...remote };
    const place = { remote_countries: [] };
    for (const result of [
      jobSubmissionSchema.safeParse({ ...validSubmission(), plan: "standard", job, place }),
      listingEditBodySchema.safeParse({ job, place }),
    ]) {
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((issue) => issue.path.join("."))).toEqual([
        "place.remote_countries",
      ]);
    }
    expect(
      listingEditBodySchema.safeParse({ job, place: { remote_countries: ["DE"] } }).success,
    ).toBe(true);
  });
});
