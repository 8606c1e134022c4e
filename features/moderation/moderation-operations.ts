// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { idSegment } from "@/features/account/schemas";
import {
  adminEnquirySchema,
  auditPageSchema,
  auditQuerySchema,
  enquiriesPageSchema,
  enquiriesQuerySchema,
  enquiryReplyInputSchema,
  enquiryStatusInputSchema,
  liveListingsPageSchema,
  liveListingsQuerySchema,
  moderationCountsSchema,
  takedownResultSchema,
  takedownSchema,
} from "@/features/moderation/schemas";
import { operation } from "@/lib/api/operation";

/** The API's moderation operations; spread into `operations` (lib/api/operations.ts). */
export const moderationOperations = {
  listLiveListings: operation({
    method: "GET",
    path: "/api/moderation/listings",
    summary: "Live listings, newest first, to find one to take down",
    description: "`q` matches the title or company (any part), or the listing's id.",
    access: "moderator",
    query: liveListingsQuerySchema,
    answers: { 200: liveListingsPageSchema },
  }),
  takeDownListing: operation({
    method: "POST",
    path: "/api/moderation/listings/{listingId}/takedown",
    summary: "Take a live listing down, with a reason its employer reads",
    description:
      "The listing leaves the board at once (status `removed`); its employer is mailed the reason.",
    access: "moderator",
    params: z.strictObject({ listingId: idSegment("Listing") }),
    body: takedownSchema,
    answers: { 200: takedownResultSchema },
    errors: [404, 409],
  }),
  listEnquiries: operation({
    method: "GET",
    path: "/api/moderation/enquiries",
    summary: "Recruitment enquiries in one status (new by default), newest first, with replies",
    access: "moderator",
    query: enquiriesQuerySchema,
    answers: { 200: enquiriesPageSchema },
  }),
  replyToEnquiry: operation({
    method: "POST",
    path: "/api/moderation/enquiries/{enquiryId}/replies",
    summary: "Answer an enquiry: the reply is mailed to its sender and it is marked replied",
    access: "moderator",
    params: z.strictObject({ enquiryId: idSegment("Enquiry") }),
    body: enquiryReplyInputSchema,
    answers: { 201: adminEnquirySchema },
    errors: [404],
  }),
  updateEnquiry: operation({
    method: "PATCH",
    path: "/api/moderation/enquiries/{enquiryId}",
    summary: "Close an enquiry, or open it again",
    access: "moderator",
    params: z.strictObject({ enquiryId: idSegment("Enquiry") }),
    body: enquiryStatusInputSchema,
    answers: { 200: adminEnquirySchema },
    errors: [404],
  }),
  getModerationCounts: operation({
    method: "GET",
    path: "/api/moderation/counts",
    summary: "What waits for moderators: listings, edits and enquiries",
    access: "moderator",
    answers: { 200: moderationCountsSchema },
  }),
  listAuditLog: operation({
    method: "GET",
    path: "/api/moderation/audit",
    summary: "The audit log, newest first, 50 a page (of one subject, or all)",
    description: "Pass the answer's `next_before` as `before` for the next, older, page.",
    access: "moderator",
    query: auditQuerySchema,
    answers: { 200: auditPageSchema },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
