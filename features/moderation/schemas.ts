// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { ENQUIRY_STATUSES } from "@/features/enquiries/status";
import { JOB_STATUSES } from "@/features/jobs/constants";
import { AUDIT_ROLES } from "@/lib/audit-roles";
import { single, singleLine, timestamp, wholeNumber } from "@/lib/validation/fields";
import { moderatorReason } from "@/features/listings/review-schemas";

/*
 * The moderators' tools beyond the review queue: taking down live listings, the enquiries
 * inbox, the queue counts and the audit log (/review).
 */

const id = z.int().positive();
const MAX_PAGE = 1_000;

/** Live listings, and enquiries, a page. */
export const MODERATION_PAGE_SIZE = 20;
/** Audit entries a page. */
export const AUDIT_PAGE_SIZE = 50;
export const ENQUIRY_REPLY_MAX = 5_000;
/**
 * What the audit log can be filtered by: the moderators' subjects, and what the board sells
 * (issue 63: `plan.*`, `pack.*`, `coupon.*`, `subscription_plan.*`, `offer.settings`), so the
 * owner sees who changed a price.
 */
export const AUDIT_SUBJECT_TYPES = [
  "listing",
  "company",
  "enquiry",
  "plan",
  "pack",
  "coupon",
  "subscription_plan",
  "offer",
  "board_member",
  "board_invitation",
  "legal_version",
  "board_settings",
  "partner_offer",
  "post",
  "post_author",
  "post_image",
  "social_channel",
  "social_post",
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

// Take-down

export const takedownSchema = z.strictObject({
  reason: moderatorReason("the listing is taken down"),
});
export type TakedownInput = z.input<typeof takedownSchema>;

export const takedownResultSchema = z
  .strictObject({ id, status: z.enum(JOB_STATUSES), closed_at: timestamp })
  .meta({ id: "TakedownResult" });

/**
 * GET /api/moderation/listings: `q` (title, company or id), `page`, and `needs=countries` for only
 * the remote jobs that name no country applicants may live in.
 */
export const liveListingsQuerySchema = z
  .strictObject({
    q: single(singleLine(z.string().trim().max(200, "Keep the search under 200 characters"))),
    page: single(wholeNumber("The page", 1, MAX_PAGE)),
    needs: single(z.enum(["countries"], "Ask for needs=countries, or leave it out")),
  })
  .transform(({ q, page, needs }) => ({ q: q || undefined, page: page ?? 1, needs }));

export const liveListingSchema = z
  .strictObject({
    id,
    slug: z.string(),
    title: z.string(),
    company_name: z.string(),
    location: z.string(),
    plan: z.string(),
    sponsored: z.boolean(),
    published_at: timestamp,
    expires_at: timestamp,
    /** Who posted it; null for the sample board or a deleted account. */
    submitter_email: z.string().nullable(),
    /**
     * A remote job naming no country applicants may live in (stored before the board asked):
     * Google's job search leaves it out until its employer names them.
     */
    needs_countries: z.boolean(),
    /** It takes applications on the board: moderators may open its pipeline. */
    takes_applications: z.boolean(),
  })
  .meta({ id: "LiveListing" });

export const liveListingsPageSchema = z
  .strictObject({
    listings: z.array(liveListingSchema),
    total: z.int().nonnegative(),
    /** Live listings needing countries, whatever the search: how many are left to fix. */
    needing_countries: z.int().nonnegative(),
    page: z.int().positive(),
    per_page: z.int().positive(),
  })
  .meta({ id: "LiveListingsPage" });

// Enquiries

const enquiryStatus = z.enum(ENQUIRY_STATUSES, "Choose new, replied or closed");

export const enquiriesQuerySchema = z
  .strictObject({
    status: single(enquiryStatus),
    page: single(wholeNumber("The page", 1, MAX_PAGE)),
  })
  .transform(({ status, page }) => ({ status: status ?? ("new" as const), page: page ?? 1 }));

export const enquiryReplySchema = z
  .strictObject({
    id,
    body: z.string(),
    sent_by: z.string(),
    created_at: timestamp,
  })
  .meta({ id: "EnquiryReply" });

export const adminEnquirySchema = z
  .strictObject({
    id,
    name: z.string(),
    email: z.string(),
    company: z.string(),
    website: z.string().nullable(),
    service: z.string(),
    roles: z.int(),
    message: z.string(),
    status: enquiryStatus,
    created_at: timestamp,
    updated_at: timestamp,
    replies: z.array(enquiryReplySchema),
  })
  .meta({ id: "AdminEnquiry" });

export const enquiriesPageSchema = z
  .strictObject({
    enquiries: z.array(adminEnquirySchema),
    total: z.int().nonnegative(),
    page: z.int().positive(),
    per_page: z.int().positive(),
  })
  .meta({ id: "EnquiriesPage" });

export const enquiryReplyInputSchema = z.strictObject({
  body: z
    .string("Write the reply")
    .trim()
    .min(1, "Write the reply")
    .max(
      ENQUIRY_REPLY_MAX,
      `Keep the reply under ${ENQUIRY_REPLY_MAX.toLocaleString("en-US")} characters`,
    ),
});
export type EnquiryReplyInput = z.input<typeof enquiryReplyInputSchema>;

export const enquiryStatusInputSchema = z.strictObject({ status: enquiryStatus });

// Counts

export const moderationCountsSchema = z
  .strictObject({
    /** Listings waiting for a moderator's decision. */
    in_review: z.int().nonnegative(),
    /** Listings waiting for their checkout payment. */
    awaiting_payment: z.int().nonnegative(),
    /** Employers' edits of live listings waiting for review. */
    edits_pending: z.int().nonnegative(),
    /** Enquiries nobody has answered yet. */
    new_enquiries: z.int().nonnegative(),
    /** Invoices flagged unpaid after their due date, still neither paid nor credited. */
    overdue_invoices: z.int().nonnegative(),
  })
  .meta({ id: "ModerationCounts" });

// Audit log

export const auditQuerySchema = z
  .strictObject({
    subject_type: single(
      z.enum(
        AUDIT_SUBJECT_TYPES,
        "Choose listing, company, enquiry, plan, pack, coupon, offer, board_member, board_invitation or legal_version",
      ),
    ),
    subject_id: single(wholeNumber("The subject id", 1, 2_147_483_647)),
    /** Entries older than this entry id: the previous page's `next_before`. */
    before: single(wholeNumber("The cursor", 1, Number.MAX_SAFE_INTEGER)),
  })
  .refine((query) => query.subject_id === undefined || query.subject_type !== undefined, {
    message: "Give subject_type with subject_id",
    path: ["subject_type"],
  });

export const auditEntrySchema = z
  .strictObject({
    id,
    at: timestamp,
    role: z.enum(AUDIT_ROLES),
    /** Null for the system, or once the actor's account was deleted. */
    actor_email: z.string().nullable(),
    action: z.string(),
    subject_type: z.string(),
    subject_id: z.int(),
    detail: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "AuditEntry" });

export const auditPageSchema = z
  .strictObject({
    entries: z.array(auditEntrySchema),
    /** Pass as `before` for the next (older) page; null on the last page. */
    next_before: z.int().positive().nullable(),
  })
  .meta({ id: "AuditPage" });
