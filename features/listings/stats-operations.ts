// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { idSegment } from "@/lib/validation/fields";
import {
  listingEventReceiptSchema,
  listingEventSchema,
  listingStatsSchema,
} from "@/features/listings/stats-schemas";
import { operation } from "@/lib/api/operation";

/** The API's stats operations; spread into `operations` (lib/api-registry/operations.ts). */
export const statsOperations = {
  recordListingEvent: operation({
    method: "POST",
    path: "/api/jobs/{jobId}/events",
    summary: "Count a view of a job's page, or a press of its apply button",
    description:
      "Sent by the job page itself. Counted once per visitor per listing per event per UTC day; not counted (counted: false) for crawlers, requests without a User-Agent, or a visitor counted already. 404 for a job that is not open. Nothing identifying the visitor is stored.",
    access: "public",
    params: z.strictObject({ jobId: idSegment("Job") }),
    body: listingEventSchema,
    answers: { 200: listingEventReceiptSchema },
    errors: [404],
  }),
  getListingStats: operation({
    method: "GET",
    path: "/api/listings/{listingId}/stats",
    summary: "A listing's views, apply clicks, saves, not-interested marks and applications",
    description:
      "The caller's own listing only (anyone else's is 404). Totals since it was posted, and each UTC day of the last 30 or since publication, days with nothing counted as zeros. Applications are those received on the board, by the UTC day they came, withdrawn ones included (the totals say how many were withdrawn since); apply_method is how the listing takes applications now.",
    access: "employer",
    employer: { role: "viewer" },
    params: z.strictObject({ listingId: idSegment("Listing") }),
    answers: { 200: listingStatsSchema },
    errors: [404],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
