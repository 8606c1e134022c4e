/*
 * A job's states, and how it takes applications and what it asks (issue 27), as the server, its
 * tables and the browser share them: plain constants, below the jobs' schemas
 * (features/jobs/schemas.ts, question-schemas.ts) and the tables (lib/server/db/schema/jobs.ts),
 * which all read them.
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

export const APPLY_METHOD_LABELS: Record<ApplyMethod, string> = {
  board: "On the board",
  link: "On your site (a link)",
  email: "By email",
};

/** A screening question: answered yes or no, or in a few words. */
export const SCREENING_QUESTION_KINDS = ["yes_no", "short"] as const;
export type ScreeningQuestionKind = (typeof SCREENING_QUESTION_KINDS)[number];

export const MAX_SCREENING_QUESTIONS = 5;
export const SCREENING_QUESTION_MAX = 200;

/** How the employer hears of new applicants: each at once, or one digest a day. */
export const APPLICANT_MAIL_FREQUENCIES = ["instant", "daily"] as const;
export type ApplicantMailFrequency = (typeof APPLICANT_MAIL_FREQUENCIES)[number];
