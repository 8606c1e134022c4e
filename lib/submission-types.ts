import type { JobStatus, JobSummary, PaymentStatus } from "@/lib/job-types";
import type { ListingPlanId } from "@/lib/pricing";

/** Where a posted listing stands, in the employer's words. */
export type ListingState =
  "awaiting_payment" | "in_review" | "live" | "not_approved" | "expired" | "filled";

export const LISTING_STATE_LABELS: Record<ListingState, string> = {
  awaiting_payment: "Awaiting payment",
  in_review: "In review",
  live: "Live",
  not_approved: "Not approved",
  expired: "Expired",
  filled: "Filled",
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
    case "expired":
      return "expired";
    case "open":
      return job.expiresAt && job.expiresAt <= now ? "expired" : "live";
  }
}

/** A listing as the employer who posted it sees it on /listings. */
export type OwnListing = {
  id: number;
  slug: string;
  title: string;
  companyName: string;
  plan: ListingPlanId;
  state: ListingState;
  paymentStatus: PaymentStatus;
  submittedAt: string;
  /** Set once approved. */
  publishedAt: string | null;
  expiresAt: string | null;
  rejectionReason: string | null;
};

/** What the server answers a submission with. */
export type SubmissionReceipt = {
  id: number;
  state: ListingState;
  paymentStatus: PaymentStatus;
  /** Stripe Checkout, where a paid plan is paid for; null when there is nothing to pay now. */
  checkoutUrl: string | null;
  /** Why payment could not start; the listing is kept and can be paid for from /listings. */
  paymentError: string | null;
};

/** A listing in the moderators' queue, with all it will show once published. */
export type ReviewItem = Omit<JobSummary, "company" | "sponsored" | "publishedAt"> & {
  company: { name: string; website: string | null; logoUrl: string | null; about: string | null };
  description: string;
  applyUrl: string | null;
  applyEmail: string | null;
  plan: ListingPlanId;
  paymentStatus: PaymentStatus;
  state: ListingState;
  submittedAt: string;
  submitter: { email: string | null; name: string | null } | null;
};

export type ReviewQueue = {
  /** Waiting for a moderator, oldest first. */
  pending: ReviewItem[];
  /** Paid plans whose checkout is not finished: not for review until paid. */
  awaitingPayment: ReviewItem[];
};
