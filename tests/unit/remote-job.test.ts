import { describe, expect, it } from "vitest";
import { isRemoteJob, sendsPlace } from "@/lib/remote-job";

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
