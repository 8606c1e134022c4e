// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { idSegment } from "@/lib/validation/fields";
import { jobSubmissionSchema } from "@/features/listings/submission-schemas";
import {
  checkoutSchema,
  ownListingsSchema,
  submissionReceiptSchema,
} from "@/features/listings/schemas";
import { operation } from "@/lib/api/operation";

/**
 * Employers submitting listings and paying for them (running them is in listing-operations.ts).
 * Spread into `operations` (lib/api-registry/operations.ts).
 */
export const submissionOperations = {
  listOwnListings: operation({
    method: "GET",
    path: "/api/listings",
    summary: "The caller's listings and where each stands",
    access: "employer",
    employer: { role: "viewer", withoutCompany: true },
    answers: { 200: ownListingsSchema },
  }),
  submitListing: operation({
    method: "POST",
    path: "/api/listings",
    summary: "Submit a listing for review (and payment, on a paid plan)",
    description:
      "Errors are keyed by path (job.title). 403 when the bot check refuses it, 503 when the bot check cannot be reached.",
    access: "employer",
    employer: { role: "recruiter", withoutCompany: true },
    body: jobSubmissionSchema,
    answers: { 201: submissionReceiptSchema },
    errors: [403, 503],
  }),
  payForListing: operation({
    method: "POST",
    path: "/api/listings/{listingId}/checkout",
    summary: "A new Stripe Checkout for one of the caller's listings awaiting payment",
    access: "employer",
    employer: { role: "recruiter" },
    params: z.strictObject({ listingId: idSegment("Listing") }),
    answers: { 200: checkoutSchema },
    errors: [409],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
