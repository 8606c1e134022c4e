// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { ALERT_FREQUENCY_SLUGS, APPLICATION_STATUS_SLUGS } from "@/features/account/constants";
import { MAX_PAGE } from "@/features/jobs/filters";
import { MAX_ID } from "@/lib/ids";
import { single, taxonomySlugs, timestamp, wholeNumber } from "@/lib/validation/fields";
import { jobPageSchema, jobSummarySchema } from "@/features/jobs/schemas";
import { DEPARTMENTS, JOB_TYPES, REGIONS, type TaxonomyEntry } from "@/lib/taxonomy";

/*
 * A candidate's own records: what the API takes (preferences, marks on jobs, applications) and
 * what it answers.
 */

/** A list of distinct slugs from one taxonomy. */
const slugList = (entries: readonly TaxonomyEntry[], noun: string) =>
  z
    .array(z.enum(taxonomySlugs(entries), `Unknown ${noun}`), `Choose ${noun}s from the list`)
    .refine((values) => new Set(values).size === values.length, `Choose each ${noun} once`);

/** How often job alerts are mailed: daily, weekly or never (preferences and saved searches). */
export const alertFrequency = z.enum(ALERT_FREQUENCY_SLUGS, "Choose daily, weekly or never");

let knownTimeZones: Set<string> | undefined;

/**
 * `value` as an IANA time zone in the spelling this runtime's ICU gives it ("asia/kolkata" is
 * "Asia/Calcutta" on Node 24 as on Node 20; other runtimes may say "Asia/Kolkata"), or null for
 * anything else. Browsers and servers ship different ICU versions that spell some zones
 * differently, so a name is looked up through Intl.DateTimeFormat, which knows every alias,
 * rather than matched against the list; the list then rules out what Intl takes but is no zone
 * (offsets such as "+05:30").
 */
export function canonicalTimeZone(value: string): string | null {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  knownTimeZones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return knownTimeZones.has(resolved) ? resolved : null;
}

/** An IANA time zone name, as the browser reports it (Intl...resolvedOptions().timeZone). */
export const timeZoneSchema = z
  .string("Give the time zone as an IANA name, such as Europe/Lisbon")
  .max(64, "Unknown time zone")
  .transform((value, context) => {
    const zone = canonicalTimeZone(value);
    if (zone) return zone;
    context.addIssue({ code: "custom", message: "Unknown time zone" });
    return z.NEVER;
  })
  .meta({ description: "An IANA time zone (Europe/Lisbon); job alerts go out at 8:00 there" });

/** The fields of PATCH /api/preferences; those left out keep their value. */
export const preferencesChangesSchema = z
  .strictObject({
    departments: slugList(DEPARTMENTS, "department"),
    regions: slugList(REGIONS, "region"),
    types: slugList(JOB_TYPES, "job type"),
    salary_min: z
      .int("The salary floor must be a whole number")
      .min(0, "The salary floor cannot be negative")
      .max(10_000_000, "The salary floor must be at most 10,000,000")
      .nullable(),
    remote_only: z.boolean("Remote only must be true or false"),
    alert_frequency: alertFrequency,
    /** Sent by the form from the browser (the stored one is in the answer). */
    time_zone: timeZoneSchema,
  })
  .partial();

export type PreferencesChanges = z.output<typeof preferencesChangesSchema>;

export const preferencesSchema = z
  .strictObject({
    departments: z.array(z.string()),
    regions: z.array(z.string()),
    types: z.array(z.string()),
    /** Yearly, in USD; null for no floor. */
    salary_min: z.int().nullable(),
    remote_only: z.boolean(),
    alert_frequency: alertFrequency,
    /** IANA name; job alerts arrive around 8:00 there. "UTC" until the form sends the browser's. */
    time_zone: z.string(),
  })
  .meta({ id: "Preferences", description: "What the candidate is looking for" });

const jobId = z
  .int("Give the job's id as a whole number")
  .positive("Give the job's id as a whole number")
  .max(MAX_ID, "No job has this id");

const applicationStatus = z.enum(
  APPLICATION_STATUS_SLUGS,
  `Choose one of: ${APPLICATION_STATUS_SLUGS.join(", ")}`,
);

/** `{ job_id }`: the job to save or to mark not interested. */
export const jobReferenceSchema = z.strictObject({ job_id: jobId });

/** `{ job_id, status? }`: a new application, "applied" unless said otherwise. */
export const newApplicationSchema = z.strictObject({
  job_id: jobId,
  status: applicationStatus.default("applied"),
});

/** `{ status }`: where an application stands now. */
export const applicationUpdateSchema = z.strictObject({ status: applicationStatus });

/** The query of GET /api/recommendations: `page`, from 1. */
export const recommendationsQuerySchema = z
  .strictObject({ page: single(wholeNumber("The page", 1, MAX_PAGE)) })
  .transform(({ page }) => ({ page: page ?? 1 }));

// Answers

/** A job in one of the candidate's lists; `accepting_applications` is false once it closes. */
const listedJob = {
  job: jobSummarySchema,
  accepting_applications: z.boolean(),
};

export const savedJobSchema = z
  .strictObject({ ...listedJob, saved_at: timestamp })
  .meta({ id: "SavedJob" });
export const hiddenJobSchema = z
  .strictObject({ ...listedJob, hidden_at: timestamp })
  .meta({ id: "HiddenJob", description: "A job the candidate marked not interested" });
export const applicationSchema = z
  .strictObject({
    ...listedJob,
    id: z.int().positive(),
    status: applicationStatus,
    applied_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Application" });

/** What the candidate has done with jobs, by job id: lists and job pages show it on each job. */
export const jobMarksSchema = z
  .strictObject({
    saved: z.array(z.int()),
    hidden: z.array(z.int()),
    applications: z.record(
      z.string(),
      z.strictObject({ id: z.int().positive(), status: applicationStatus }),
    ),
  })
  .meta({ id: "JobMarks" });

/** Jobs picked for the candidate from their preferences, without the jobs they hid. */
export const recommendationsSchema = jobPageSchema
  .extend({ personalized: z.boolean() })
  .meta({ id: "Recommendations" });
