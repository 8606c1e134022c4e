// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ATS_KINDS, BOARD_NAME_MAX, normaliseBoard } from "@/features/imports/ats";

describe("normaliseBoard", () => {
  it("writes one name however it was typed", () => {
    const typings = [
      "Acme Studio",
      "acme%20studio",
      " ACME  studio ",
      "Acme\t%20 Studio",
      "https://jobs.ashbyhq.com/Acme%20Studio",
    ];
    for (const typed of typings) expect(normaliseBoard("ashby", typed), typed).toBe("acme studio");
    expect(normaliseBoard("greenhouse", "  AcmeCo ")).toBe("acmeco");
    expect(normaliseBoard("lever", "acme-co_2.0")).toBe("acme-co_2.0");
  });

  it("takes the name from a board's address pasted whole", () => {
    const addresses: [Parameters<typeof normaliseBoard>[0], string][] = [
      ["greenhouse", "https://boards.greenhouse.io/acme"],
      ["greenhouse", "https://job-boards.greenhouse.io/acme/jobs/4012345"],
      ["greenhouse", "job-boards.eu.greenhouse.io/Acme?gh_src=x"],
      ["greenhouse", "https://boards.greenhouse.io/embed/job_board?for=acme"],
      ["greenhouse", "https://boards-api.greenhouse.io/v1/boards/acme/jobs?content=true"],
      ["lever", "https://jobs.lever.co/acme"],
      ["lever", "https://jobs.lever.co/acme/5f1e-22/apply"],
      ["lever", "https://api.lever.co/v0/postings/acme?mode=json"],
      ["lever_eu", "https://jobs.eu.lever.co/acme"],
      ["ashby", "https://jobs.ashbyhq.com/acme/3c9a-77"],
      ["workable", "https://apply.workable.com/acme/"],
      ["workable", "https://apply.workable.com/acme/j/AB12CD34/"],
      ["workable", "https://acme.workable.com"],
      ["workable", "https://www.workable.com/api/accounts/acme?details=true"],
      ["recruitee", "https://acme.recruitee.com/"],
      ["recruitee", "acme.recruitee.com/o/designer"],
    ];
    for (const [kind, address] of addresses)
      expect(normaliseBoard(kind, address), address).toBe("acme");
  });

  it("refuses another ATS's address, or one on another host", () => {
    expect(normaliseBoard("greenhouse", "https://jobs.lever.co/acme")).toBeNull();
    expect(normaliseBoard("lever", "https://jobs.eu.lever.co/acme")).toBeNull();
    expect(normaliseBoard("lever_eu", "https://jobs.lever.co/acme")).toBeNull();
    expect(normaliseBoard("ashby", "https://evil.example/acme")).toBeNull();
    expect(normaliseBoard("recruitee", "https://acme.recruitee.com.evil.example/")).toBeNull();
    expect(normaliseBoard("greenhouse", "https://boards.greenhouse.io:8443/acme")).toBeNull();
    expect(normaliseBoard("greenhouse", "https://user@boards.greenhouse.io/acme")).toBeNull();
    expect(normaliseBoard("greenhouse", "https://boards.greenhouse.io/")).toBeNull();
  });

  it("refuses every name that could change the request's host or path", () => {
    const hostile = [
      "acme/jobs",
      "acme%2Fjobs",
      "..",
      "%2e%2e",
      "acme/../admin",
      "a..b",
      ".acme",
      "acme?x=1",
      "acme%3Fx",
      "acme#x",
      "acme@evil.example",
      "evil.example:80",
      "acme\\x",
      "acme%00",
      "acme\u0000",
      "acme%5C",
      "acme%2520studio",
      "",
      "   ",
      "%",
      "acme%",
      "%E0%A4%A",
      "acmé",
    ];
    for (const kind of ATS_KINDS) {
      for (const input of hostile)
        expect(normaliseBoard(kind, input), `${kind} ${JSON.stringify(input)}`).toBeNull();
    }
  });

  it("takes a space only in Ashby's names, and only a DNS label as Recruitee's", () => {
    expect(normaliseBoard("greenhouse", "acme studio")).toBeNull();
    expect(normaliseBoard("lever", "acme%20studio")).toBeNull();
    expect(normaliseBoard("recruitee", "acme.studio")).toBeNull();
    expect(normaliseBoard("recruitee", "acme_studio")).toBeNull();
    expect(normaliseBoard("recruitee", "acme-")).toBeNull();
    expect(normaliseBoard("recruitee", "acme-studio")).toBe("acme-studio");
  });

  it("takes names up to the longest allowed", () => {
    expect(normaliseBoard("lever", "a".repeat(BOARD_NAME_MAX))).toBe("a".repeat(BOARD_NAME_MAX));
    expect(normaliseBoard("lever", "a".repeat(BOARD_NAME_MAX + 1))).toBeNull();
    expect(normaliseBoard("recruitee", "a".repeat(64))).toBeNull();
    expect(normaliseBoard("ashby", "%20".repeat(10_000) + "acme")).toBeNull();
  });

  it("never throws, whatever it is given", () => {
    const odd = [
      "%",
      "%%",
      "%zz",
      "%C0%AF",
      "\uD800",
      "https://",
      "https://[::1]/x",
      "http://%zz",
      "🙂",
    ];
    for (const kind of ATS_KINDS)
      for (const input of odd) expect(() => normaliseBoard(kind, input)).not.toThrow();
  });
});
