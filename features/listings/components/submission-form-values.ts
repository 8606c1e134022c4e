import type { ListingPlanId } from "@/features/billing/offer";

/** The /submit form's fields as typed: text throughout, as the shared schema takes them. */
export type SubmissionFormValues = {
  plan: ListingPlanId;
  company: { name: string; website: string; logo_url: string; about: string };
  job: JobFormValues;
  /** Where it can be done, as data (features/listings/components/place-fields.tsx); blank: from `job.location`. */
  place?: {
    remote_countries?: string[];
    address_locality?: string;
    address_region?: string;
    address_country?: string;
  };
};

/** A job's fields as the form types them. */
export type JobFormValues = {
  title: string;
  department: string;
  region: string;
  type: string;
  location: string;
  salary_min: string;
  salary_max: string;
  salary_currency: string;
  salary_period: string;
  description: string;
  apply_url: string;
  apply_email: string;
  /** How candidates apply, and the rest of it (issue 27): kept as stored through an edit. */
  apply_method?: string;
  screening_questions?: readonly unknown[];
  applications_close_on?: string;
  applicant_mail?: string;
};

/** A stored listing's fields as the form types them (numbers and blanks as text; lists as lists). */
export const jobFormValues = (fields: {
  [K in keyof JobFormValues]: string | number | null | readonly unknown[] | undefined;
}): JobFormValues =>
  Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      value === null || value === undefined ? "" : Array.isArray(value) ? value : String(value),
    ]),
  ) as unknown as JobFormValues;

export const emptySubmission = (plan: ListingPlanId): SubmissionFormValues => ({
  plan,
  company: { name: "", website: "", logo_url: "", about: "" },
  job: {
    title: "",
    // Chosen on purpose, never by default: a job filed in the wrong list is not found.
    department: "",
    region: "",
    type: "",
    location: "",
    salary_min: "",
    salary_max: "",
    salary_currency: "USD",
    salary_period: "year",
    description: "",
    apply_url: "",
    apply_email: "",
    // On the board unless the employer says otherwise (issue 27).
    apply_method: "board",
    screening_questions: [],
    applications_close_on: "",
    applicant_mail: "instant",
  },
});

/** Every field's path, as the server names its errors ("job.title"). */
export const SUBMISSION_FIELDS = [
  "plan",
  "company.name",
  "company.website",
  "company.logo_url",
  "company.about",
  "job.title",
  "job.department",
  "job.region",
  "job.type",
  "job.location",
  "job.salary_min",
  "job.salary_max",
  "job.salary_currency",
  "job.salary_period",
  "job.description",
  "job.apply_url",
  "job.apply_email",
  "job.apply_method",
  // And each question's fields under it ("job.screening_questions.0.prompt").
  "job.screening_questions",
  "job.applications_close_on",
  "job.applicant_mail",
  "place.remote_countries",
  "place.address_locality",
  "place.address_region",
  "place.address_country",
] as const;
