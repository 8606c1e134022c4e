import type { JobStatus, PaymentStatus } from "@/features/jobs/constants";

/*
 * A listing's states, as the server and the browser share them: plain constants and the rule
 * that derives them, below the listings' schemas (features/listings/schemas.ts), which read them.
 */

/** Where a posted listing stands, in the employer's words. */
export const LISTING_STATES = [
  "awaiting_payment",
  "in_review",
  "live",
  "not_approved",
  "expired",
  "filled",
  "withdrawn",
  "taken_down",
] as const;
export type ListingState = (typeof LISTING_STATES)[number];

export const LISTING_STATE_LABELS: Record<ListingState, string> = {
  awaiting_payment: "Awaiting payment",
  in_review: "In review",
  live: "Live",
  not_approved: "Not approved",
  expired: "Expired",
  filled: "Filled",
  withdrawn: "Withdrawn",
  taken_down: "Taken down",
};

/** A listing's state; `expiresAt` matters only once it is open. */
export function listingState(
  job: { status: JobStatus; paymentStatus: PaymentStatus; expiresAt?: Date },
  now: Date = new Date(),
): ListingState {
  switch (job.status) {
    case "pending":
      return job.paymentStatus === "awaiting_payment" ? "awaiting_payment" : "in_review";
    case "rejected":
      return "not_approved";
    case "filled":
      return "filled";
    case "withdrawn":
      return "withdrawn";
    case "removed":
      return "taken_down";
    case "expired":
      // Renewing a paid plan: it waits for payment, and goes live again once paid.
      return job.paymentStatus === "awaiting_payment" ? "awaiting_payment" : "expired";
    case "open":
      return job.expiresAt && job.expiresAt <= now ? "expired" : "live";
  }
}
