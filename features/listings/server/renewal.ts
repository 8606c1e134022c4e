import type { JobStatus, PaymentStatus } from "@/features/jobs/constants";
import { RENEWAL_WINDOW_DAYS } from "@/features/listings/management";
import { listingState } from "@/features/listings/states";
import { addDays } from "./listing-columns";

/**
 * The dates a renewal gives: a live listing runs on for the plan's days after its end; one
 * that ended is published again from now.
 */
export function renewedDates(
  job: { publishedAt: Date; expiresAt: Date },
  days: number,
  now: Date,
): { publishedAt: Date; expiresAt: Date } {
  return job.expiresAt > now
    ? { publishedAt: job.publishedAt, expiresAt: addDays(job.expiresAt, days) }
    : { publishedAt: now, expiresAt: addDays(now, days) };
}

/** Whether a listing may be renewed now: in its last days on the board, or after its end. */
export function isRenewable(
  job: { status: JobStatus; paymentStatus: PaymentStatus; expiresAt: Date },
  now: Date = new Date(),
): boolean {
  const state = listingState(job, now);
  if (state === "expired") return true;
  // A renewal waiting for its payment may start again (a new checkout).
  if (state === "awaiting_payment") return job.status === "expired";
  return state === "live" && job.expiresAt <= addDays(now, RENEWAL_WINDOW_DAYS);
}
