import type { JobFilters } from "@/lib/job-filters";
/** A job's life: submitted listings wait in `pending`; only `open` ones are listed. */
export const JOB_STATUSES = ["pending", "open", "filled", "expired", "rejected"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Where a submitted listing's payment stands: `none` for a free plan; a paid plan waits in
 * `awaiting_payment` for Stripe Checkout, or as `invoice_due` where Stripe is not set up.
 */
export const PAYMENT_STATUSES = ["none", "awaiting_payment", "invoice_due", "paid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A job as lists show it; dates are ISO strings so pages and the API can send them as JSON. */
export type JobSummary = {
  id: number;
  slug: string;
  title: string;
  company: { name: string; slug: string };
  department: string;
  region: string;
  type: string;
  location: string;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  sponsored: boolean;
  publishedAt: string;
};

export type JobDetail = JobSummary & {
  description: string;
  applyUrl: string | null;
  applyEmail: string | null;
  status: JobStatus;
  expiresAt: string;
  /** Open and not past its expiry: the only state in which it takes applications. */
  acceptingApplications: boolean;
  company: JobSummary["company"] & { website: string | null; about: string | null };
};

export type JobPage = {
  jobs: JobSummary[];
  /** Exact below the count cap; at it, `totalIsCapped` says there are more. */
  total: number;
  totalIsCapped: boolean;
  page: number;
  perPage: number;
  pageCount: number;
};

/** What a job's page shows: the job, its description as safe HTML, and similar open jobs. */
export type JobPageProps = {
  job: JobDetail;
  descriptionHtml: string;
  similarJobs: JobSummary[];
};

/** What a public job list page shows: the filters from its URL and the matching page of jobs. */
export type JobBoardData = {
  filters: JobFilters;
  results: JobPage;
  departmentCounts: Record<string, number> | null;
};
