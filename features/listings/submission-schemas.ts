// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { companySchema } from "@/features/companies/schemas";
import {
  blankToNull,
  isBlank,
  offerSlug,
  singleLine,
  taxonomySlugs,
  webAddress,
} from "@/lib/validation/fields";
import { jobPlaceInputSchema } from "@/features/jobs/place-schemas";
import { SALARY_CURRENCIES, SALARY_PERIODS, type SalaryPeriod } from "@/features/jobs/pay";
import { lacksRemoteCountries, REMOTE_COUNTRIES_REQUIRED } from "@/features/jobs/remote-job";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";
import { APPLICANT_MAIL_FREQUENCIES, APPLY_METHODS } from "@/features/jobs/constants";
import { applyMethodOf } from "@/features/jobs/apply-method";
import { screeningQuestionsSchema } from "@/features/jobs/question-schemas";
import { couponField } from "@/features/billing/api-schemas";

/*
 * A job posted through /submit. One schema for the form (checked as the employer types) and
 * the API (checked again, as the form's checks can be skipped), so their messages are the same.
 */

/** The reCAPTCHA v3 action the form's token is made for, and the server expects. */
export const RECAPTCHA_SUBMIT_ACTION = "submit_job";

export { SALARY_CURRENCIES };
export const DESCRIPTION_LIMITS = { min: 200, max: 20_000 } as const;

/** Left out, null (a blank the schema tidied) or blank (a value the schema has not reached). */
const notGiven = (value: unknown) => value === null || value === undefined || isBlank(value);

/** Yearly pay as typed: blank is "not given"; otherwise a whole number in range. */
export const salarySchema = z.preprocess(
  blankToNull,
  z.coerce
    .number("Enter pay as a number")
    .int("Enter pay as a whole number, without cents")
    .min(1, "Enter pay of at least 1")
    .max(10_000_000, "Enter pay under 10,000,000")
    .nullable(),
);

/** What pay per each period may be: a year's at least 1,000, a month's 100, an hour's 1. */
const PAY_BOUNDS: Record<SalaryPeriod, { min: number; max: number; words: string }> = {
  year: { min: 1_000, max: 10_000_000, words: "yearly" },
  month: { min: 100, max: 1_000_000, words: "monthly" },
  hour: { min: 1, max: 10_000, words: "hourly" },
};

export const jobSchema = z
  .strictObject({
    title: singleLine(
      z
        .string("Enter the job title")
        .trim()
        .min(3, "Enter the job title")
        .max(120, "Keep the title under 120 characters"),
    ),
    department: z.enum(taxonomySlugs(DEPARTMENTS), "Choose a department"),
    region: z.enum(taxonomySlugs(REGIONS), "Choose a region"),
    type: z.enum(taxonomySlugs(JOB_TYPES), "Choose a job type"),
    location: singleLine(
      z
        .string("Enter where the work happens")
        .trim()
        .min(2, "Enter where the work happens, e.g. “Remote (US time zones)”")
        .max(100, "Keep the location under 100 characters"),
    ),
    salary_min: salarySchema,
    salary_max: salarySchema,
    salary_currency: z.enum(SALARY_CURRENCIES, "Choose a currency"),
    /** What the pay is counted per; a year when left out. */
    salary_period: z.enum(SALARY_PERIODS, "Choose a year, a month or an hour").default("year"),
    description: z
      .string("Describe the role")
      .trim()
      .min(
        DESCRIPTION_LIMITS.min,
        `Describe the role in at least ${DESCRIPTION_LIMITS.min} characters`,
      )
      .max(
        DESCRIPTION_LIMITS.max,
        `Keep the description under ${DESCRIPTION_LIMITS.max.toLocaleString("en-US")} characters`,
      ),
    apply_url: z.preprocess(blankToNull, webAddress("the application link").nullable()),
    apply_email: z.preprocess(
      blankToNull,
      z.email("Enter an email address like jobs@company.com").max(200).nullable(),
    ),
    /**
     * How candidates apply: on the board (the default for new listings), at `apply_url`, or by
     * email to `apply_email`. Left out: at the link or address given, else on the board.
     */
    apply_method: z.enum(APPLY_METHODS, "Choose how candidates apply").optional(),
    /** Asked of each applicant on the board. */
    screening_questions: screeningQuestionsSchema.default([]),
    /** The last day applications are taken on the board, if before the listing ends. */
    applications_close_on: z
      .preprocess(blankToNull, z.iso.date("Enter a date like 2026-12-31").nullable())
      .optional(),
    /** How the employer hears of new applicants on the board: each at once, or a daily digest. */
    applicant_mail: z
      .enum(APPLICANT_MAIL_FREQUENCIES, "Choose how you hear of applicants")
      .default("instant"),
  })
  // Run even while other fields are wrong, so a form shows every mistake at once; the values
  // may then be unparsed, so each rule checks what it reads.
  .superRefine(
    (job, context) => {
      const {
        salary_min: min,
        salary_max: max,
        salary_period: period,
        apply_url,
        apply_email,
      } = job as Record<string, unknown>;
      const bounds = PAY_BOUNDS[(period as SalaryPeriod) ?? "year"];
      for (const [key, amount] of [
        ["salary_min", min],
        ["salary_max", max],
      ] as const) {
        if (!bounds || typeof amount !== "number") continue;
        if (amount < bounds.min || amount > bounds.max) {
          context.addIssue({
            code: "custom",
            path: [key],
            message: `Enter ${bounds.words} pay from ${bounds.min.toLocaleString("en-US")} to ${bounds.max.toLocaleString("en-US")}`,
          });
        }
      }
      if (typeof min === "number" && typeof max === "number" && min > max) {
        context.addIssue({
          code: "custom",
          path: ["salary_max"],
          message: "The top of the range must be at least its bottom",
        });
      }
      const method = applyMethodOf(job as Parameters<typeof applyMethodOf>[0]);
      if (method === "link" && notGiven(apply_url)) {
        context.addIssue({
          code: "custom",
          path: ["apply_url"],
          message: "Give the link where candidates apply",
        });
      }
      if (method === "email" && notGiven(apply_email)) {
        context.addIssue({
          code: "custom",
          path: ["apply_email"],
          message: "Give the email address candidates apply to",
        });
      }
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );

/**
 * A body's rule across its job and its place: a remote job's countries, when given, name at
 * least one (the server checks those it reads from the location when none are given). Runs
 * while other fields are wrong, so the form shows it with them; the values may be unparsed.
 */
export const remoteCountriesRule = [
  (body: object, context: z.RefinementCtx) => {
    const { job, place } = body as { job?: Record<string, unknown>; place?: unknown };
    const countries =
      typeof place === "object" && place !== null
        ? (place as Record<string, unknown>).remote_countries
        : undefined;
    if (job && Array.isArray(countries) && lacksRemoteCountries(job, countries)) {
      context.addIssue({
        code: "custom",
        path: ["place", "remote_countries"],
        message: REMOTE_COUNTRIES_REQUIRED,
      });
    }
  },
  {
    when: (payload: { value: unknown }) =>
      typeof payload.value === "object" && payload.value !== null,
  },
] as const;

export const jobSubmissionSchema = z
  .strictObject({
    company: companySchema,
    job: jobSchema,
    place: jobPlaceInputSchema.optional(),
    /** A plan on sale, by its slug (the server refuses another: 422 on plan). */
    plan: offerSlug("Choose a plan"),
    /** Pays for a paid plan with one of the company's credits of it (issue 45). */
    use_credit: z.boolean("Say whether to use a credit").optional(),
    /**
     * A coupon code for a paid plan's price (issue 63), on invoice or by card (kept with the
     * listing for its Checkout); none with a credit.
     */
    coupon: couponField,
    /** The invisible reCAPTCHA v3 token; the server decides whether it needs one. */
    recaptcha_token: z.string().max(4_000).optional(),
  })
  .superRefine(...remoteCountriesRule);

export type JobSubmission = z.output<typeof jobSubmissionSchema>;
