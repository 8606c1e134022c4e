import type { z } from "zod";
import type {
  ownListingSchema,
  reviewItemSchema,
  reviewQueueSchema,
  submissionReceiptSchema,
} from "@/features/listings/schemas";

/*
 * A listing's shapes as the employer's and the moderators' screens name them: inferred from the
 * listings' schemas (features/listings/schemas.ts), as types only, so the browser downloads no zod for
 * them.
 */

/** A listing as the employer who posted it sees it on /listings. */
export type OwnListing = z.output<typeof ownListingSchema>;

/** What the server answers a submission with. */
export type SubmissionReceipt = z.output<typeof submissionReceiptSchema>;

/** A listing in the moderators' queue, with all it will show once published. */
export type ReviewItem = z.output<typeof reviewItemSchema>;

export type ReviewQueue = z.output<typeof reviewQueueSchema>;
