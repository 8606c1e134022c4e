// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { APPLY_METHODS } from "@/features/jobs/constants";
import { LISTING_EVENTS } from "@/features/listings/events";

/*
 * Listing statistics: the events a job page reports, and the figures its employer reads
 * (features/listings/server), with the applications received on the board.
 */

/** What POST /api/jobs/{jobId}/events takes. */
export const listingEventSchema = z
  .strictObject({
    event: z.enum(LISTING_EVENTS, "The event is view or apply"),
  })
  .meta({ id: "ListingEvent" });

/** Whether the event was counted: not for a crawler, nor again for a visitor counted today. */
export const listingEventReceiptSchema = z
  .strictObject({ counted: z.boolean() })
  .meta({ id: "ListingEventReceipt" });

const count = z.int().nonnegative();

const figures = {
  views: count,
  apply_clicks: count,
  saves: count,
  not_interested: count,
  /** Applications received on the board (issue 27), withdrawn ones included. */
  applications: count,
};

/** One UTC day's figures. */
export const listingStatsDaySchema = z
  .strictObject({ day: z.iso.date(), ...figures })
  .meta({ id: "ListingStatsDay" });

/** A listing's figures: all-time totals, and each day of the last 30 (or since publication). */
export const listingStatsSchema = z
  .strictObject({
    stats: z.strictObject({
      listing_id: z.int().positive(),
      /** How it takes applications now: only one on the board receives them. */
      apply_method: z.enum(APPLY_METHODS),
      totals: z.strictObject({
        ...figures,
        /** Of the applications received, those their candidates have withdrawn since. */
        applications_withdrawn: count,
      }),
      /** Oldest first, every day there (days with nothing counted are zeros). */
      days: z.array(listingStatsDaySchema),
    }),
  })
  .meta({ id: "ListingStats" });

export type ListingStatsDay = z.infer<typeof listingStatsDaySchema>;
export type ListingStats = z.infer<typeof listingStatsSchema>["stats"];
