// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { idSegment } from "@/features/account/schemas";
import { decisionSchema } from "@/features/listings/review-schemas";
import { decisionResultSchema, reviewQueueSchema } from "@/features/listings/schemas";
import { operation } from "@/lib/api/operation";

/**
 * Moderators reviewing new listings (edits are reviewed in listing-operations.ts). Spread into
 * `operations` (lib/api/operations.ts).
 */
export const reviewOperations = {
  getReviewQueue: operation({
    method: "GET",
    path: "/api/moderation/review",
    summary: "Listings waiting for review, and those waiting for payment",
    description:
      "Each listing carries posting_issues: what Google's rules for job postings (@adobe/structured-data-validator) find in the JobPosting data its page would have if approved now. A listing with an error cannot be approved.",
    access: "moderator",
    answers: { 200: reviewQueueSchema },
  }),
  decideListing: operation({
    method: "POST",
    path: "/api/moderation/review/{listingId}",
    summary: "Approve, reject (with a reason) or mark paid a pending listing",
    description:
      "409 when the listing's state does not allow the decision, and for an approval while Google's rules for job postings find an error in the listing (its posting_issues in the queue): Google's job search would leave it out, so it is rejected with a reason and the employer fixes it.",
    access: "moderator",
    params: z.strictObject({ listingId: idSegment("Listing") }),
    body: decisionSchema,
    answers: { 200: decisionResultSchema },
    errors: [409],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
