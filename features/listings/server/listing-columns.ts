import { applyMethodOf } from "@/features/jobs/apply-method";
import type { ListingChanges } from "@/features/listings/edit-schemas";
import { slugify } from "@/lib/server/slug";

const DAY_MS = 86_400_000;

/** `date` plus `days` whole days. */
export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/**
 * A job row's columns for a listing's fields, as submitted or edited: its slug follows the title,
 * and its description's HTML (rendered by the caller, outside any transaction) is stored with it.
 */
export const listingColumns = (
  fields: ListingChanges,
  companyName: string,
  descriptionHtml: string,
) => ({
  slug: slugify(`${fields.title} at ${companyName}`) || "job",
  title: fields.title,
  department: fields.department,
  region: fields.region,
  type: fields.type,
  location: fields.location,
  salaryMin: fields.salary_min,
  salaryMax: fields.salary_max,
  salaryCurrency: fields.salary_currency,
  salaryPeriod: fields.salary_period,
  description: fields.description,
  descriptionHtml,
  applyUrl: fields.apply_url,
  applyEmail: fields.apply_email,
  applyMethod: applyMethodOf(fields),
  screeningQuestions: fields.screening_questions,
  applicationsCloseAt: closingTime(fields.applications_close_on),
  applicantMail: fields.applicant_mail,
});

/** Applications close at the end of their last day (UTC). */
const closingTime = (day: string | null | undefined) =>
  day ? new Date(`${day}T23:59:59.999Z`) : null;

/** The last day applications are taken, as the form writes it, from the stored time. */
export const closingDay = (closesAt: Date | null) => closesAt?.toISOString().slice(0, 10) ?? null;
