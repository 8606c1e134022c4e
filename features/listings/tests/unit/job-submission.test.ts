// @vitest-environment node
import { describe, expect, it } from "vitest";
import { BODY_NAMING } from "@/lib/validation/field-errors";
import { parseInput } from "@/lib/validation/input";
import { jobSubmissionSchema } from "@/features/listings/submission-schemas";
import { validSubmission, type SubmissionBody } from "@/tests/fixtures/job-submission";

const valid = validSubmission;

/** The submission read as the API reads it. */
const parseJobSubmission = (body: unknown) => parseInput(jobSubmissionSchema, body, BODY_NAMING);

type Body = SubmissionBody;

describe("the job submission schema", () => {
  it("accepts a complete submission, tidying blanks and numbers", () => {
    const parsed = parseJobSubmission(valid());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data.company.logo_url).toBeNull();
    expect(parsed.data.job).toMatchObject({
      salary_min: 55_000,
      salary_max: 70_000,
      apply_email: null,
    });
  });

  it.each<[string, (body: Body) => void, string, RegExp]>([
    ["no company name", (b) => void (b.company.name = " "), "company.name", /company's name/],
    [
      "a website without https",
      (b) => void (b.company.website = "studio.example"),
      "company.website",
      /https/,
    ],
    [
      "a javascript: logo",
      (b) => void (b.company.logo_url = "javascript:alert(1)"),
      "company.logo_url",
      /https/,
    ],
    ["a short title", (b) => void (b.job.title = "PM"), "job.title", /title/],
    [
      "an unknown department",
      (b) => void (b.job.department = "astrology"),
      "job.department",
      /department/,
    ],
    ["an unknown region", (b) => void (b.job.region = "mars"), "job.region", /region/],
    ["an unknown type", (b) => void (b.job.type = "volunteer"), "job.type", /job type/],
    ["no location", (b) => void (b.job.location = ""), "job.location", /where the work happens/],
    ["pay as words", (b) => void (b.job.salary_min = "lots"), "job.salary_min", /number/],
    ["pay in cents", (b) => void (b.job.salary_min = "55000.50"), "job.salary_min", /whole number/],
    [
      "a range upside down",
      (b) => void (b.job.salary_max = "40000"),
      "job.salary_max",
      /at least its bottom/,
    ],
    [
      "an unknown currency",
      (b) => void (b.job.salary_currency = "BTC"),
      "job.salary_currency",
      /currency/,
    ],
    [
      "a short description",
      (b) => void (b.job.description = "Great role."),
      "job.description",
      /at least 200/,
    ],
    [
      "a link to apply at, not given",
      (b) => void (Object.assign(b.job, { apply_method: "link" }), (b.job.apply_url = "")),
      "job.apply_url",
      /Give the link/,
    ],
    [
      "a bad apply email",
      (b) => void (b.job.apply_email = "jobs-at-studio"),
      "job.apply_email",
      /email/,
    ],
    // Whether a plan is on sale is the server's to say (the API's tests); the shape is the schema's.
    ["a plan that is no slug", (b) => void (b.plan = "Platinum plan!"), "plan", /plan/],
  ])("refuses %s, naming the field", (_, change, field, message) => {
    const body = valid();
    change(body);
    const parsed = parseJobSubmission(body);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors[field]?.join(" ")).toMatch(message);
  });

  it("names unknown fields and wrong shapes", () => {
    const extra = parseJobSubmission({ ...valid(), job: { ...valid().job, status: "open" } });
    expect(extra).toMatchObject({ ok: false, errors: { "job.status": ["Unknown field"] } });
    const shapeless = parseJobSubmission("post my job");
    expect(shapeless.ok).toBe(false);
    if (!shapeless.ok) expect(Object.keys(shapeless.errors)).toEqual(["body"]);
  });

  it("reports the rules across fields together with the other mistakes, all at once", () => {
    const body = valid();
    body.job.title = "PM";
    body.job.salary_min = "lots";
    Object.assign(body.job, { apply_method: "email", apply_email: "" });
    const parsed = parseJobSubmission(body);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual([
      "job.apply_email",
      "job.salary_min",
      "job.title",
    ]);
  });
});
