// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { screeningQuestionSchema } from "@/features/jobs/question-schemas";
import { APPLY_METHODS, JOB_STATUSES, PAYMENT_STATUSES } from "@/features/jobs/constants";
import { jobSummarySchema } from "@/features/jobs/schemas";
import { timestamp } from "@/lib/validation/fields";
import { LISTING_STATES } from "@/features/listings/states";

/*
 * What the API answers employers about their listings, and moderators about the queue.
 */

const id = z.int().positive();
/** A plan of the board's offer, by slug. */
const plan = z.string();
const state = z.enum(LISTING_STATES);
const paymentStatus = z.enum(PAYMENT_STATUSES);

/** A listing as the employer who posted it sees it on /listings. */
export const ownListingSchema = z
  .strictObject({
    id,
    slug: z.string(),
    title: z.string(),
    company_name: z.string(),
    plan,
    state,
    payment_status: paymentStatus,
    submitted_at: timestamp,
    /** Set once approved. */
    published_at: timestamp.nullable(),
    expires_at: timestamp.nullable(),
    /** The moderator's reason, when it was not approved or was taken down. */
    rejection_reason: z.string().nullable(),
    /** When it was filled, withdrawn or taken down. */
    closed_at: timestamp.nullable(),
    /** It may be renewed now: in its last days on the board, or after its end. */
    renewable: z.boolean(),
    /**
     * A remote job naming no country applicants may live in (stored open "anywhere" before the
     * board asked), still editable: Google's job search leaves it out until its edit names them.
     */
    needs_countries: z.boolean(),
    /**
     * Its applications on the board (withdrawn ones aside): all, and those still "New". Null
     * for a listing that takes them elsewhere and never took any here.
     */
    applicants: z.strictObject({ total: z.number().int(), new: z.number().int() }).nullable(),
    /** The employer's latest edit of it once published, while it waits or if it was refused. */
    edit: z
      .strictObject({
        status: z.enum(["pending", "rejected"]),
        submitted_at: timestamp,
        reason: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: "OwnListing" });

export const ownListingsSchema = z.strictObject({ listings: z.array(ownListingSchema) });

/** What the server answers a submission with. */
export const submissionReceiptSchema = z
  .strictObject({
    id,
    state,
    payment_status: paymentStatus,
    /** Stripe Checkout, where a paid plan is paid for; null when there is nothing to pay now. */
    checkout_url: z.string().nullable(),
    /** Why payment could not start; the listing is kept and can be paid for from /listings. */
    payment_error: z.string().nullable(),
  })
  .meta({ id: "SubmissionReceipt" });

export const checkoutSchema = z.strictObject({ checkout_url: z.string() });

const {
  company: _company,
  sponsored: _sponsored,
  published_at: _published,
  ...jobFields
} = jobSummarySchema.shape;

/**
 * One finding of Google's rules for job postings (@adobe/structured-data-validator) on the
 * JobPosting data a listing's page would carry once approved. An error keeps the listing out of
 * Google's job search, and so out of approval; a warning only costs it some of its display.
 */
export const postingIssueSchema = z
  .strictObject({
    severity: z.enum(["error", "warning"]),
    /** The JobPosting properties concerned, dotted from the posting (`hiringOrganization.name`). */
    field_names: z.array(z.string()),
    /** The validator's words (`Required attribute "applicantLocationRequirements" is missing`). */
    message: z.string(),
  })
  .meta({ id: "PostingIssue" });

/** A listing in the moderators' queue, with all it will show once published. */
const companyDetails = z.strictObject({
  name: z.string(),
  website: z.string().nullable(),
  logo_url: z.string().nullable(),
  about: z.string().nullable(),
});

export const reviewItemSchema = z
  .strictObject({
    ...jobFields,
    /** The company as it is now, on its live listings. */
    company: companyDetails,
    /**
     * The company's details as this submission gives them, when they differ from its company's:
     * applied to the company (and all its listings) when this listing is approved.
     */
    company_change: companyDetails.nullable(),
    description: z.string(),
    apply_url: z.string().nullable(),
    apply_email: z.string().nullable(),
    /** How candidates will apply: on the board (with its questions), at the link, or by email. */
    apply_method: z.enum(APPLY_METHODS),
    screening_questions: z.array(screeningQuestionSchema),
    /** When it stops taking applications on the board, if before it ends. */
    applications_close_at: timestamp.nullable(),
    plan,
    /** The plan's name as the offer says now. */
    plan_name: z.string(),
    payment_status: paymentStatus,
    state,
    submitted_at: timestamp,
    submitter: z
      .strictObject({ email: z.string().nullable(), name: z.string().nullable() })
      .nullable(),
    /**
     * What Google's rules find in the JobPosting data its page would carry if approved now,
     * errors first. While there is an error, approval is refused (409).
     */
    posting_issues: z.array(postingIssueSchema),
  })
  .meta({ id: "ReviewItem" });

/** A held draft (issue 63): a listing whose checkout was opened and not paid, and its value. */
export const draftItemSchema = reviewItemSchema
  .extend({
    /** Its plan's price as the offer says now, in the board's currency's minor unit. */
    price_minor: z.number().int().nonnegative(),
    /** The coupon kept with it for its checkout, and what it takes off the price; null if none. */
    coupon: z
      .strictObject({ code: z.string(), discount_minor: z.number().int().nonnegative() })
      .nullable(),
    /** What it would pay: its price less its coupon's discount (before tax). */
    value_minor: z.number().int().nonnegative(),
  })
  .meta({ id: "DraftItem" });

export const reviewQueueSchema = z
  .strictObject({
    /** Waiting for a moderator, oldest first. */
    pending: z.array(reviewItemSchema),
    /**
     * Held drafts: paid plans whose checkout is not finished, not for review until paid; oldest
     * first (`submitted_at`: how long each has waited).
     */
    awaiting_payment: z.array(draftItemSchema),
    /** What the held drafts come to, in `currency`'s minor unit: their `value_minor`s. */
    drafts_value_minor: z.number().int().nonnegative(),
    /** The board's currency (ISO 4217). */
    currency: z.string(),
  })
  .meta({ id: "ReviewQueue" });

/** A listing after a moderator's decision. */
export const decisionResultSchema = z.strictObject({
  id,
  status: z.enum(JOB_STATUSES),
  payment_status: paymentStatus,
});
