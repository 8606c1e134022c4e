// @vitest-environment node
import { describe, expect, it } from "vitest";
import { changedFields, isMaterialChange } from "@/features/listings/management";
import type { ListingChanges } from "@/features/listings/edit-schemas";

const live: ListingChanges = {
  title: "Video Editor",
  department: "design",
  region: "remote",
  type: "full-time",
  location: "Remote (US time zones)",
  salary_min: 60_000,
  salary_max: 80_000,
  salary_currency: "USD",
  salary_period: "year",
  description: "You will edit long-form videos for three channels. ".repeat(8),
  apply_url: "https://studio.example/apply",
  apply_email: null,
  apply_method: "link",
  screening_questions: [],
  applicant_mail: "instant",
};

const edited = (change: Partial<ListingChanges>) => ({ ...live, ...change });

describe("isMaterialChange", () => {
  it("lets pay and typo-sized fixes through without review", () => {
    expect(isMaterialChange(live, live)).toBe(false);
    expect(isMaterialChange(live, edited({ salary_min: 65_000, salary_currency: "EUR" }))).toBe(
      false,
    );
    expect(isMaterialChange(live, edited({ title: "Video Editer" }))).toBe(false);
    expect(
      isMaterialChange(
        live,
        edited({ description: live.description.replace("three channels", "3 channels") }),
      ),
    ).toBe(false);
  });

  it("sends what a candidate decides on to review", () => {
    expect(isMaterialChange(live, edited({ title: "Senior Video Editor" }))).toBe(true);
    expect(isMaterialChange(live, edited({ department: "marketing" }))).toBe(true);
    expect(isMaterialChange(live, edited({ apply_url: "https://else.example/apply" }))).toBe(true);
    expect(isMaterialChange(live, edited({ apply_email: "jobs@studio.example" }))).toBe(true);
    expect(isMaterialChange(live, edited({ location: "New York, NY" }))).toBe(true);
    expect(
      isMaterialChange(live, edited({ description: `${live.description} Apply by DM only.` })),
    ).toBe(true);
    // Short, but a link: never a typo.
    expect(
      isMaterialChange(
        live,
        edited({ description: live.description.replace("three", "[three](https://x.co)") }),
      ),
    ).toBe(true);
    // Two typo fixes far apart make one long changed span: reviewed.
    const twice = `x${live.description.slice(1, -1)}y`;
    expect(isMaterialChange(live, edited({ description: twice }))).toBe(true);
  });

  it("names the changed fields", () => {
    expect(changedFields(live, edited({ title: "Editor", apply_email: "a@b.example" }))).toEqual([
      "title",
      "apply_email",
    ]);
  });
});
