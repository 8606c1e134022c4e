/*
 * A job's states, how it takes applications and what it asks, and its pay's period, as the jobs
 * table stores them (lib/server/db/schema/jobs.ts). Their labels and rules are features/jobs'.
 */

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

/** How a listing takes applications: on the board, at a link, or by email. */
export const APPLY_METHODS = ["board", "link", "email"] as const;
export type ApplyMethod = (typeof APPLY_METHODS)[number];

/** A screening question: answered yes or no, or in a few words. */
export const SCREENING_QUESTION_KINDS = ["yes_no", "short"] as const;
export type ScreeningQuestionKind = (typeof SCREENING_QUESTION_KINDS)[number];

/** A listing's screening question (jobs.screening_questions), asked of each applicant. */
export type ScreeningQuestion = {
  /** Stable within the listing: answers refer to it. */
  id: string;
  kind: ScreeningQuestionKind;
  prompt: string;
  required: boolean;
};

/** How the employer hears of new applicants: each at once, or one digest a day. */
export const APPLICANT_MAIL_FREQUENCIES = ["instant", "daily"] as const;
export type ApplicantMailFrequency = (typeof APPLICANT_MAIL_FREQUENCIES)[number];

/** What a listing's pay is counted per. */
export const SALARY_PERIODS = ["year", "month", "hour"] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/** The currencies a listing's pay can be in. */
export const SALARY_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD"] as const;
export type SalaryCurrency = (typeof SALARY_CURRENCIES)[number];
