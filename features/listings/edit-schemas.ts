// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { moderatorReason } from "@/features/listings/review-schemas";
import { jobSchema, remoteCountriesRule } from "@/features/listings/submission-schemas";
import { jobPlaceInputSchema, type JobPlaceInput } from "@/features/jobs/place-schemas";
import { ownListingSchema } from "@/features/listings/schemas";
import { APPLICANT_MAIL_FREQUENCIES } from "@/features/jobs/constants";
import { jobDetailSchema, jobPlaceSchema } from "@/features/jobs/schemas";
import { timestamp } from "@/lib/validation/fields";
import type { ListingEditChanges } from "@/lib/model/listings";
import { sameType } from "@/lib/model/same";

/**
 * An edit of a listing: all of its job fields as the employer wants them, checked as the
 * submission form checks them (the company is edited on its own, PATCH /api/company).
 */
export const listingChangesSchema = jobSchema;

export type ListingChanges = z.output<typeof listingChangesSchema>;

/**
 * PATCH /api/listings/{id}: the listing's fields, all of them, and where it can be done as
 * /submit takes it (left out: read again from the location when it or the region changed, else
 * kept as stored).
 */
export const listingEditBodySchema = z
  .strictObject({
    job: listingChangesSchema,
    place: jobPlaceInputSchema.optional(),
  })
  .superRefine(...remoteCountriesRule);

export type ListingEditBody = z.output<typeof listingEditBodySchema>;

/**
 * An edit as it waits for review (listing_edits.changes): the job's fields, and the place given
 * with them, if any (applied with them on approval).
 */
export type PendingListingChanges = ListingChanges & { place?: JobPlaceInput };

// The data model types listing_edits.changes with the same shape, written out (tsc fails here if
// the two part): lib/model/listings.ts.
sameType<PendingListingChanges, ListingEditChanges>(true);

/** The fields as stored (after the schema's tidying), as the API answers them. */
const listingFieldsShape = jobDetailSchema
  .pick({
    title: true,
    department: true,
    region: true,
    type: true,
    location: true,
    salary_min: true,
    salary_max: true,
    salary_currency: true,
    salary_period: true,
    description: true,
    apply_url: true,
    apply_email: true,
    apply_method: true,
    screening_questions: true,
  })
  .extend({
    /** The last day it takes applications on the board, as its form writes it. */
    applications_close_on: z.iso.date().nullable(),
    applicant_mail: z.enum(APPLICANT_MAIL_FREQUENCIES),
  });
const storedFieldsSchema = listingFieldsShape.meta({ id: "ListingFields" });

/**
 * An employer's own listing's fields with where it can be done, as the job's page answers it,
 * and how it takes applications.
 */
const ownFieldsSchema = listingFieldsShape
  .extend({ place: jobPlaceSchema })
  .meta({ id: "OwnListingFields" });

/** One of the employer's listings with what its edit form starts from. */
export const ownListingDetailSchema = z.strictObject({
  listing: ownListingSchema,
  /** The fields as they show now (or will, once approved, for a listing not yet published). */
  fields: ownFieldsSchema,
  /**
   * The fields of the edit waiting for review, if any, with the place they will give it: the
   * form starts from these.
   */
  pending_fields: ownFieldsSchema.nullable(),
});

export const EDIT_OUTCOMES = ["updated", "resubmitted", "in_review"] as const;

export const listingEditResultSchema = ownListingDetailSchema.extend({
  /**
   * updated: stored and showing; resubmitted: back to review after it was not approved;
   * in_review: a material change waits for a moderator while the approved version stays live.
   */
  outcome: z.enum(EDIT_OUTCOMES),
});

export const listingActionResultSchema = z.strictObject({ listing: ownListingSchema });

export const renewalResultSchema = z.strictObject({
  listing: ownListingSchema,
  /** Where to pay, when a paid plan renews through Stripe Checkout; null when renewed now. */
  checkout_url: z.string().nullable(),
});

/** An edit of a published listing in the moderators' queue: the live fields and the new ones. */
export const listingEditReviewSchema = z
  .strictObject({
    id: z.int().positive(),
    listing_id: z.int().positive(),
    company_name: z.string(),
    submitted_at: timestamp,
    submitter_email: z.string().nullable(),
    live: storedFieldsSchema,
    proposed: storedFieldsSchema,
    /** Where it can be done: as it is live, and as the edit leaves it. */
    live_place: jobPlaceSchema,
    proposed_place: jobPlaceSchema,
    /** The fields the edit changes, and `place` when it changes where the job can be done. */
    changed: z.array(z.string()),
  })
  .meta({ id: "ListingEditReview" });

export const listingEditQueueSchema = z.strictObject({
  edits: z.array(listingEditReviewSchema),
});

export const editDecisionSchema = z.discriminatedUnion(
  "decision",
  [
    z.strictObject({ decision: z.literal("approve") }),
    z.strictObject({
      decision: z.literal("reject"),
      reason: moderatorReason("the edit is not approved"),
    }),
  ],
  "Decide approve or reject",
);

export type EditDecision = z.output<typeof editDecisionSchema>;
export type ListingEditReview = z.output<typeof listingEditReviewSchema>;
export type ListingFields = z.output<typeof storedFieldsSchema>;
export type OwnListingFields = z.output<typeof ownFieldsSchema>;
