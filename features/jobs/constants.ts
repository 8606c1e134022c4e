/*
 * A job's states, as the server, its tables and the browser share them: plain constants, below
 * the jobs' schemas (features/jobs/schemas.ts) and the tables (lib/server/db/schema/jobs.ts), which both
 * read them.
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
