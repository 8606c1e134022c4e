// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { idSegment } from "@/lib/validation/fields";
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
import {
  creditLimitInputSchema,
  creditLimitResultSchema,
  moderatorInvoiceSchema,
  moderatorInvoicesQuerySchema,
  moderatorInvoicesSchema,
  refundInputSchema,
  refundResultSchema,
  termsInputSchema,
  termsResultSchema,
} from "@/features/billing/api-schemas";
import { invoiceParams } from "@/features/billing/billing-operations";
import { profileParams } from "@/features/directory/directory-operations";
import { directoryProfileSchema } from "@/features/directory/directory-schemas";
import { sourceAnswer, sourceParams } from "@/features/imports/import-operations";
import {
  moderatorSourceInputSchema,
  moderatorSourceReviewSchema,
  moderatorSourcesAnswerSchema,
  sourceStatusInputSchema,
} from "@/features/imports/schemas";
import { editDecisionSchema, listingEditQueueSchema } from "@/features/listings/edit-schemas";
import { decisionSchema } from "@/features/listings/review-schemas";
import { decisionResultSchema, reviewQueueSchema } from "@/features/listings/schemas";
import { queueRetrySchema, queueStatusSchema } from "@/lib/queue/schemas";
import { operation } from "@/lib/api/operation";

/**
 * Everything the board's moderators call, in one contract (issue 62: cut by actor): the review
 * queue and decisions, edits of live listings, takedowns, enquiries, invoices and terms, ATS
 * imports, the directory's profiles, the queue of background work and the audit log. Their
 * handlers (pages/api/moderation) call each feature's own server code. Spread into `operations`
 * (lib/api-registry/operations.ts); a test keeps every moderator operation here.
 */
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
  getQueueStatus: operation({
    method: "GET",
    path: "/api/moderation/queue",
    summary: "The job queue: each queue's backlog, and the newest jobs whose retries are spent",
    access: "moderator",
    answers: { 200: queueStatusSchema },
  }),
  retryQueueJob: operation({
    method: "POST",
    path: "/api/moderation/queue/{queueJobId}/retry",
    summary: "Try a failed job (a message, a periodic task) again at once",
    access: "moderator",
    params: z.strictObject({
      queueJobId: z.uuid("There is no failed job with that id"),
    }),
    answers: { 200: queueRetrySchema },
  }),
  getEditQueue: operation({
    method: "GET",
    path: "/api/moderation/edits",
    summary: "Edits of published listings waiting for review, with the live fields beside them",
    access: "moderator",
    answers: { 200: listingEditQueueSchema },
  }),
  decideEdit: operation({
    method: "POST",
    path: "/api/moderation/edits/{editId}",
    summary: "Approve an edit (it goes live) or reject it with a reason (the live version stays)",
    access: "moderator",
    params: z.strictObject({ editId: idSegment("Listing edit") }),
    body: editDecisionSchema,
    answers: { 200: z.strictObject({ listing_id: z.int().positive(), published: z.boolean() }) },
    errors: [409],
  }),
  listAllImports: operation({
    method: "GET",
    path: "/api/moderation/imports",
    summary: "Every import source, with its company, for moderators",
    access: "moderator",
    answers: { 200: moderatorSourcesAnswerSchema },
  }),
  addImportForCompany: operation({
    method: "POST",
    path: "/api/moderation/imports",
    summary: "Import a board for a company, one on the board or a new one with no account yet",
    description:
      "Reviewed as it is added. A new company's page says its jobs come from its careers site; an employer at its website's domain may claim it later.",
    access: "moderator",
    body: moderatorSourceInputSchema,
    answers: { 201: sourceAnswer },
    errors: [409, 503],
  }),
  reviewImport: operation({
    method: "GET",
    path: "/api/moderation/imports/{sourceId}",
    summary: "A source for moderators, with its listings waiting in review as they would read",
    description:
      "What approving its first import would publish (issue 61): each waiting listing with its description, and whether Google's rules keep it in review.",
    access: "moderator",
    params: sourceParams,
    answers: { 200: moderatorSourceReviewSchema },
    errors: [404],
  }),
  approveImport: operation({
    method: "POST",
    path: "/api/moderation/imports/{sourceId}/approve",
    summary: "Approve a source's first import: its listings go live, and later ones without review",
    access: "moderator",
    params: sourceParams,
    answers: { 200: z.strictObject({ published: z.number().int() }) },
    errors: [404],
  }),
  setImportStatus: operation({
    method: "PATCH",
    path: "/api/moderation/imports/{sourceId}",
    summary: "Pause a source (with a reason its company sees) or resume it",
    access: "moderator",
    params: sourceParams,
    body: sourceStatusInputSchema,
    answers: { 200: sourceAnswer },
    errors: [404],
  }),
  moderatorProfile: operation({
    method: "GET",
    path: "/api/moderation/talent/{key}",
    summary: "A public or employers-only profile, for a moderator (no view is counted)",
    access: "moderator",
    params: profileParams,
    answers: { 200: z.strictObject({ profile: directoryProfileSchema }) },
    errors: [404],
  }),
  listInvoices: operation({
    method: "GET",
    path: "/api/moderation/invoices",
    summary: "Invoices for moderators: unpaid (the default), overdue, or all; newest first",
    access: "moderator",
    query: moderatorInvoicesQuerySchema,
    answers: { 200: moderatorInvoicesSchema },
  }),
  getModeratorInvoicePdf: operation({
    method: "GET",
    path: "/api/moderation/invoices/{invoiceId}/pdf",
    summary: "Any invoice or credit note as a PDF",
    access: "moderator",
    params: invoiceParams,
    answers: { 200: { file: "application/pdf" } },
    errors: [404],
  }),
  markInvoicePaid: operation({
    method: "POST",
    path: "/api/moderation/invoices/{invoiceId}/paid",
    summary: "Record that an invoice due was paid (by bank transfer)",
    description: "A listing waiting on it counts as paid. 409 when it was paid or credited.",
    access: "moderator",
    params: invoiceParams,
    answers: { 200: moderatorInvoiceSchema },
    errors: [404, 409],
  }),
  refundInvoice: operation({
    method: "POST",
    path: "/api/moderation/invoices/{invoiceId}/refund",
    summary: "Refund an invoice: a credit note in its own series, and the money back",
    description:
      "A listing's invoice is refunded whole; a pack's, for its credits not yet spent (they are taken back). Paid through Stripe, Stripe refunds the card; an unpaid invoice is cancelled. 409 when nothing is left to refund.",
    access: "moderator",
    params: invoiceParams,
    body: refundInputSchema,
    answers: { 200: refundResultSchema },
    errors: [404, 409],
  }),
  setCreditLimit: operation({
    method: "PUT",
    path: "/api/moderation/companies/{companyId}/credit-limit",
    summary: "Set how much a company may use before paying its invoices (in cents; 0 by default)",
    description:
      "Credits of a pack not yet paid, and upgrades on an invoice due, are usable within it; an overdue invoice stops both whatever the limit.",
    access: "moderator",
    params: z.strictObject({ companyId: idSegment("Company") }),
    body: creditLimitInputSchema,
    answers: { 200: creditLimitResultSchema },
    errors: [404],
  }),
  setPaymentTerms: operation({
    method: "PUT",
    path: "/api/moderation/companies/{companyId}/terms",
    summary: "Let a company pay by invoice in 14 or 30 days, or only by card (null)",
    access: "moderator",
    params: z.strictObject({ companyId: idSegment("Company") }),
    body: termsInputSchema,
    answers: { 200: termsResultSchema },
    errors: [404],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
