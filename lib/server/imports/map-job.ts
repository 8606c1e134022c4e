import type { ListingChanges } from "@/lib/listings/edit-schemas";
import type { JobPlace } from "../jobs/job-location";
import type { AtsJob } from "./ats/types";

/*
 * One ATS job as a listing that passes the board's own rules (issue 46), or the reason it is
 * skipped. Written by helper B with its tests (tests/unit/import-mapping.test.ts).
 */

/** A source's choices and override tables, as stored on it (ats_sources). */
export type SourceRules = {
  /** An ATS department or team name, lowercased and trimmed → a board department slug. */
  departments: Record<string, string>;
  /** An ATS employment type, lowercased and trimmed → a board job type slug. */
  types: Record<string, string>;
  /**
   * The countries (ISO 3166-1 alpha-2) a remote job that names none accepts people from; null
   * when the employer has not said: such a job waits as "needs countries".
   */
  remoteCountries: string[] | null;
  /** Take only jobs in these ATS departments (lowercased); empty: every department. */
  onlyDepartments: string[];
  /** Take only jobs at these ATS locations (their first location, lowercased); empty: all. */
  onlyLocations: string[];
};

export const SKIP_REASONS = [
  "unlisted", // isListed: false, or a draft
  "not_chosen", // outside the departments or locations the employer chose
  "needs_countries", // remote, no country named, none given for the source
  "unknown_department", // no board department for its department or title: add a row
  "unknown_place", // its location reads as no board region
  "invalid", // fails the submit form's rules (too short a description, a bad apply link, ...)
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export type MappedJob =
  | {
      outcome: "listing";
      /** As jobSchema parses it: its output, ready for listingColumns (apply_method "link"). */
      job: ListingChanges;
      place: JobPlace;
    }
  | {
      outcome: "skipped";
      reason: SkipReason;
      /** In plain words, for the employer: "Remote with no country named: say which countries". */
      message: string;
    };

/** Maps `job` by `rules`; never throws for any input an ATS might send. */
export async function mapAtsJob(job: AtsJob, rules: SourceRules): Promise<MappedJob> {
  void job;
  void rules;
  throw new Error("not written yet");
}
