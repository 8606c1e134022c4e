import type { z } from "zod";
import type {
  draftItemSchema,
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

/** A held draft in the moderators' queue, with its plan's price (issue 63). */
export type DraftItem = z.output<typeof draftItemSchema>;

export type ReviewQueue = z.output<typeof reviewQueueSchema>;
