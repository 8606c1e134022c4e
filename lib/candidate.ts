import type { JobPage, JobSummary } from "@/lib/job-types";

/*
 * A candidate's own records, as the API sends them and the profile screens show them. Kept free
 * of zod and server code so the browser can import it.
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

export type Preferences = {
  departments: string[];
  regions: string[];
  types: string[];
  /** Yearly, in USD; null for no floor. */
  salary_min: number | null;
  remote_only: boolean;
  alert_frequency: AlertFrequency;
};

export const DEFAULT_PREFERENCES: Preferences = {
  departments: [],
  regions: [],
  types: [],
  salary_min: null,
  remote_only: false,
  alert_frequency: "weekly",
};

/** A job in one of the candidate's lists; `accepting_applications` is false once it closes. */
export type ListedJob = { job: JobSummary; accepting_applications: boolean };

export type SavedJob = ListedJob & { saved_at: string };
export type HiddenJob = ListedJob & { hidden_at: string };
export type Application = ListedJob & {
  id: number;
  status: ApplicationStatus;
  applied_at: string;
  updated_at: string;
};

/** What the candidate has done with jobs, by job id: lists and job pages show it on each job. */
export type JobMarks = {
  saved: number[];
  hidden: number[];
  applications: Record<string, { id: number; status: ApplicationStatus }>;
};

/** Jobs picked for the candidate from their preferences, without the jobs they hid. */
export type Recommendations = JobPage & { personalized: boolean };
