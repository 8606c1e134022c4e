// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { SALARY_PERIODS } from "@/features/jobs/pay";
import { APPLY_METHODS, JOB_STATUSES } from "@/features/jobs/constants";
import { screeningQuestionSchema } from "@/features/jobs/question-schemas";
import { timestamp } from "@/lib/validation/fields";

/*
 * Jobs as the API answers them (and the pages show them). Answers are described here once, in
 * zod, for three readers: the types in features/jobs/types.ts, the OpenAPI document, and the tests,
 * which check every answer against its schema.
 */

const id = z.int().positive();

export const jobSummarySchema = z
  .strictObject({
    id,
    /** The readable part of the job's URL, /jobs/{id}-{slug}. */
    slug: z.string(),
    title: z.string(),
    company: z.strictObject({
      name: z.string(),
      slug: z.string(),
      /** Its logo, a 256-pixel square at a path on this site (/api/logos/...); null: none. */
      logo_url: z.string().nullable(),
    }),
    department: z.string(),
    region: z.string(),
    type: z.string(),
    location: z.string(),
    /** Pay per salary_period in whole units of salary_currency; null when not disclosed. */
    salary_min: z.int().nullable(),
    salary_max: z.int().nullable(),
    salary_currency: z.string(),
    /** What the pay is counted per: "year", "month" or "hour". */
    salary_period: z.enum(SALARY_PERIODS),
    sponsored: z.boolean(),
    published_at: timestamp,
  })
  .meta({ id: "JobSummary", description: "A job as lists show it" });

/**
 * Where a job can be done: a remote job's accepted countries (ISO 3166-1 alpha-2; empty means
 * anywhere; null for an on-site job), an on-site job's city, subdivision (ISO 3166-2 code, or a
 * name) and country (ISO 3166-1 alpha-2), each null when not known.
 */
export const jobPlaceSchema = z
  .strictObject({
    remote_countries: z.array(z.string()).nullable(),
    address_locality: z.string().nullable(),
    address_region: z.string().nullable(),
    /** address_region as an address writes it: "TX", "NSW" (postal abbreviations), "Bavaria". */
    address_region_label: z.string().nullable(),
    address_country: z.string().nullable(),
  })
  .meta({ id: "JobPlace" });

export const jobDetailSchema = jobSummarySchema
  .extend({
    company: z.strictObject({
      name: z.string(),
      slug: z.string(),
      logo_url: z.string().nullable(),
      website: z.string().nullable(),
      about: z.string().nullable(),
    }),
    /** Markdown. */
    description: z.string(),
    apply_url: z.string().nullable(),
    apply_email: z.string().nullable(),
    /** How candidates apply: on the board (with `screening_questions`), at the link, or by email. */
    apply_method: z.enum(APPLY_METHODS),
    screening_questions: z.array(screeningQuestionSchema),
    /** When it stops taking applications on the board, if before it ends. */
    applications_close_at: timestamp.nullable(),
    status: z.enum(JOB_STATUSES),
    expires_at: timestamp,
    /** Open and not past its expiry: the only state in which it takes applications. */
    accepting_applications: z.boolean(),
    /** Where it can be done, as data; `location` is its label. */
    place: jobPlaceSchema,
  })
  .meta({ id: "JobDetail", description: "A job with everything its page shows" });

export const jobPageSchema = z
  .strictObject({
    jobs: z.array(jobSummarySchema),
    /** Exact below the count cap; at it, total_is_capped says there are more. */
    total: z.int().nonnegative(),
    total_is_capped: z.boolean(),
    page: z.int().positive(),
    per_page: z.int().positive(),
    page_count: z.int().nonnegative(),
  })
  .meta({ id: "JobPage", description: "A page of jobs and how many there are" });

const choiceCounts = z.record(z.string(), z.int().nonnegative());

export const jobFacetsSchema = z
  .strictObject({
    department: choiceCounts,
    region: choiceCounts,
    type: choiceCounts,
    /** By salary floor (SALARY_FLOORS): the jobs whose range reaches it. */
    salary_min: choiceCounts,
  })
  .meta({
    id: "JobFacets",
    description:
      "For each filter, how many jobs each of its choices would give for the same search with the other filters kept; a choice with none is left out",
  });

export const jobSearchPageSchema = jobPageSchema
  .extend({
    /** The search as matched when a word was taken for a typo ("yt edtor" as "yt editor"). */
    corrected_q: z.string().nullable(),
    /** When nothing matched: a respelling of the search that finds jobs ("did you mean"). */
    suggested_q: z.string().nullable(),
    facets: jobFacetsSchema,
    /**
     * Whether the counts are estimates: a search matching more than 1,000 jobs counts its first
     * matches and scales them to an estimate of all of them.
     */
    facets_approximate: z.boolean(),
  })
  .meta({
    id: "JobSearchPage",
    description:
      "A page of jobs for a search, most relevant first with a keyword (newest otherwise), with the counts beside each filter",
  });
