/* Employers' edits of live listings as the tables store them (lib/server/db/schema/moderation.ts). */

import type { DepartmentSlug, JobTypeSlug, RegionSlug } from "@/lib/taxonomy";
import type {
  ApplicantMailFrequency,
  ApplyMethod,
  SalaryCurrency,
  SalaryPeriod,
  ScreeningQuestion,
} from "./jobs";

/** Where an employer's edit of a live listing stands. */
export const LISTING_EDIT_STATUSES = ["pending", "approved", "rejected", "superseded"] as const;
export type ListingEditStatus = (typeof LISTING_EDIT_STATUSES)[number];

/**
 * An edit as it waits for review (listing_edits.changes): all of the job's fields as the employer
 * wants them, and the place given with them, if any (applied with them on approval).
 * features/listings/edit-schemas.ts builds it with zod, and tsc checks the two are the same type.
 */
export type ListingEditChanges = {
  title: string;
  department: DepartmentSlug;
  region: RegionSlug;
  type: JobTypeSlug;
  location: string;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: SalaryCurrency;
  salary_period: SalaryPeriod;
  description: string;
  apply_url: string | null;
  apply_email: string | null;
  apply_method?: ApplyMethod | undefined;
  screening_questions: ScreeningQuestion[];
  applications_close_on?: string | null | undefined;
  applicant_mail: ApplicantMailFrequency;
  place?: {
    remote_countries?: string[] | undefined;
    address_locality?: string | null | undefined;
    address_region?: string | null | undefined;
    address_country?: string | null | undefined;
  };
};
