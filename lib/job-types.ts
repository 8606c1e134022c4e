import type { z } from "zod";
import type { JobFilters } from "@/lib/job-filters";
import type { jobDetailSchema, jobPageSchema, jobSummarySchema } from "@/lib/schemas/jobs";
/**
 * A job's life: submitted listings wait in `pending`; only `open` ones are listed. Its employer
 * closes it as `filled` or `withdrawn`; a moderator takes a live one down as `removed`.
 */
export const JOB_STATUSES = [
  "pending",
  "open",
  "filled",
  "expired",
  "rejected",
  "withdrawn",
  "removed",
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Where a submitted listing's payment stands: `none` for a free plan; a paid plan waits in
 * `awaiting_payment` for Stripe Checkout, or as `invoice_due` where Stripe is not set up.
 */
export const PAYMENT_STATUSES = ["none", "awaiting_payment", "invoice_due", "paid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A job as lists show it; dates are ISO strings so pages and the API send them as JSON. */
export type JobSummary = z.output<typeof jobSummarySchema>;

export type JobDetail = z.output<typeof jobDetailSchema>;

/** A page of jobs; `total` is exact below the count cap, where `total_is_capped` says so. */
export type JobPage = z.output<typeof jobPageSchema>;

/** What a job's page shows: the job, its description as safe HTML, and similar open jobs. */
export type JobPageProps = {
  /** The job without its Markdown `description`: the page shows `descriptionHtml`. */
  job: Omit<JobDetail, "description">;
  descriptionHtml: string;
  similarJobs: JobSummary[];
};

/** What a public job list page shows: the filters from its URL and the matching page of jobs. */
export type JobBoardData = {
  filters: JobFilters;
  results: JobPage;
  departmentCounts: Record<string, number> | null;
};
