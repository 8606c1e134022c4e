import { describe, expect, it } from "vitest";
import type { AtsJob } from "@/features/imports/server/ats/types";
import { companySiteOf } from "@/features/imports/server/preview";

/* The site a board's job pages are on, which supports a company's claim to it (issue 60). */

const at = (jobUrl: string) => ({ jobUrl }) as AtsJob;

describe("companySiteOf", () => {
  it("is the host most job pages are on when it is not an ATS's", () => {
    expect(
      companySiteOf([
        at("https://www.acme.example/careers?gh_jid=1"),
        at("https://acme.example/careers?gh_jid=2"),
        at("https://job-boards.greenhouse.io/acme/jobs/3"),
        at("https://jobs.other.example/4"),
      ]),
    ).toBe("acme.example");
  });

  it("is null when every page is on the ATS, or no address can be read", () => {
    expect(
      companySiteOf([
        at("https://jobs.lever.co/acme/1"),
        at("https://apply.workable.com/acme/j/2"),
        at("https://jobs.ashbyhq.com/acme/3"),
        at("https://acme.recruitee.com/o/4"),
        at("not an address"),
      ]),
    ).toBeNull();
  });
});
