/*
 * Import sources (issue 46) as the tables store them (lib/server/db/schema/imports.ts): a source's
 * status, and the shapes of its JSON columns. features/imports/schemas.ts checks what goes in with
 * zod, and tsc checks that its schemas build exactly these shapes.
 */

import type { DepartmentSlug, JobTypeSlug } from "@/lib/taxonomy";

export const SOURCE_STATUSES = ["active", "paused"] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/** Why a job of a source is not on the board (features/imports/server/map-job.ts decides). */
export const SKIP_REASONS = [
  "unlisted",
  "not_chosen",
  "needs_countries",
  "unknown_department",
  "unknown_place",
  "invalid",
  "over_limit",
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** A source's choices (import_sources.rules): which jobs to take and how its words map to the board's. */
export type SourceRulesJson = {
  /** An ATS department name (lower-cased) → a board department. */
  departments: { [name: string]: DepartmentSlug };
  /** An ATS employment type → a board job type. */
  types: { [name: string]: JobTypeSlug };
  /** Countries a remote job that names none hires in; null: such jobs wait, "needs countries". */
  remote_countries: string[] | null;
  /** Take only jobs in these ATS departments; empty: every one. */
  only_departments: string[];
  /** Take only jobs at these ATS locations; empty: every one. */
  only_locations: string[];
  /** Take only jobs in these countries (two-letter codes); empty: every country. */
  only_countries: string[];
};

/** What one run of a source did (import_sources.last_report). */
export type SourceReport = {
  at: string;
  added: number;
  changed: number;
  ended: number;
  unchanged: number;
  skipped: { external_id: string; title: string; reason: SkipReason; message: string }[];
  /** True when the ATS answered as last time (304, or the same body): nothing was read. */
  not_modified: boolean;
  /** Paid listings posted as Standard because no credit was left. */
  without_credit: number;
};
