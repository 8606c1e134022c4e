import type { z } from "zod";
import type {
  applicationSchema,
  hiddenJobSchema,
  jobMarksSchema,
  preferencesSchema,
  recommendationsSchema,
  savedJobSchema,
} from "@/lib/schemas/candidate";

/*
 * A candidate's own records, as the API sends them and the profile screens show them. The types
 * come from the API's schemas (lib/schemas/candidate.ts) as types only, so the browser can
 * import this without zod or server code.
 */

/** Where an application stands; the candidate moves it along. */
export const APPLICATION_STATUSES = [
  { slug: "applied", label: "Applied" },
  { slug: "interviewing", label: "Interviewing" },
  { slug: "offer", label: "Offer" },
  { slug: "rejected", label: "Rejected" },
  { slug: "withdrawn", label: "Withdrawn" },
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]["slug"];
export const APPLICATION_STATUS_SLUGS = APPLICATION_STATUSES.map((status) => status.slug);

/** How often job alerts are emailed. */
export const ALERT_FREQUENCIES = [
  { slug: "daily", label: "Daily" },
  { slug: "weekly", label: "Weekly" },
  { slug: "never", label: "Never" },
] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number]["slug"];
export const ALERT_FREQUENCY_SLUGS = ALERT_FREQUENCIES.map((frequency) => frequency.slug);

export type Preferences = z.output<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  departments: [],
  regions: [],
  types: [],
  salary_min: null,
  remote_only: false,
  alert_frequency: "weekly",
  time_zone: "UTC",
};

/** A job in one of the candidate's lists; `accepting_applications` is false once it closes. */
export type SavedJob = z.output<typeof savedJobSchema>;
export type HiddenJob = z.output<typeof hiddenJobSchema>;
export type Application = z.output<typeof applicationSchema>;
export type ListedJob = Pick<SavedJob, "job" | "accepting_applications">;

/** What the candidate has done with jobs, by job id: lists and job pages show it on each job. */
export type JobMarks = z.output<typeof jobMarksSchema>;

/** Jobs picked for the candidate from their preferences, without the jobs they hid. */
export type Recommendations = z.output<typeof recommendationsSchema>;
