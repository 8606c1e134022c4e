import type { z } from "zod";
import type {
  applicationSchema,
  hiddenJobSchema,
  jobMarksSchema,
  preferencesSchema,
  recommendationsSchema,
  savedJobSchema,
} from "@/features/account/schemas";

/*
 * A candidate's own records, as the API sends them and the profile screens show them. The types
 * come from the API's schemas (features/account/schemas.ts) as types only, so the browser can
 * import this without zod or server code. The lists the schemas check against are in
 * features/account/constants.ts, below both.
 */

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
