// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { cvUploadQuerySchema, ownCvSchema, uploadedCvSchema } from "@/lib/applications/cv-schemas";
import { parseJobParam } from "@/lib/jobs/path";
import { LEGAL_DOCUMENTS } from "@/lib/content/legal";
import { reportBySlug } from "@/lib/reports/reports";
import { alertsUnsubscribedSchema, unsubscribeQuerySchema } from "@/lib/alerts/schemas";
import {
  applicationSchema,
  applicationUpdateSchema,
  hiddenJobSchema,
  idSegment,
  jobMarksSchema,
  jobReferenceSchema,
  newApplicationSchema,
  preferencesChangesSchema,
  preferencesSchema,
  recommendationsQuerySchema,
  recommendationsSchema,
  savedJobSchema,
} from "@/lib/candidates/schemas";
import { companyChangesSchema, ownCompanySchema } from "@/lib/companies/schemas";
import { currentUserChangesSchema, currentUserSchema } from "@/lib/users/schemas";
import { enquiryReceiptSchema, enquirySchema } from "@/lib/enquiries/schemas";
import { healthSchema, readinessSchema } from "@/lib/health/schemas";
import { jobFiltersSchema } from "@/lib/jobs/filter-schemas";
import { jobSubmissionSchema } from "@/lib/listings/submission-schemas";
import { jobDetailSchema, jobSearchPageSchema } from "@/lib/jobs/schemas";
import { decisionSchema } from "@/lib/listings/review-schemas";
import { queueRetrySchema, queueStatusSchema } from "@/lib/queue/schemas";
import { quarterReportSchema } from "@/lib/reports/schemas";
import { salaryQuerySchema, salaryReportSchema } from "@/lib/salaries/schemas";
import {
  checkoutSchema,
  decisionResultSchema,
  ownListingsSchema,
  reviewQueueSchema,
  submissionReceiptSchema,
  webhookOutcomeSchema,
} from "@/lib/listings/schemas";
import { talentFiltersSchema, talentPageSchema } from "@/lib/talent/schemas";
import { listingOperations } from "./listing-operations";
import { logoOperations } from "./logo-operations";
import { moderationOperations } from "./moderation-operations";
import { ogOperations } from "./og-operations";
import { applicationOperations } from "./application-operations";
import { savedSearchOperations } from "./saved-search-operations";
import { operation, type AnswerOf, type BodyOf } from "./operation";
import { statsOperations } from "./stats-operations";

/*
 * Every operation of the API, by operation id. Each route under pages/api binds the operations
 * of its path to handlers (lib/server/http/api-route.ts); /api/openapi.json is generated from
 * this list; hooks name their answers' types by it (ApiAnswer<"listSavedJobs">).
 *
 * Casing: every key the API takes or answers is snake_case (spec §7 fixes `avatar_url` and
 * `full_name`); path parameters are named as the route files name them.
 */

const jobIdParam = z
  .string()
  .transform((value, context) => {
    const parsed = parseJobParam(value);
    if (parsed) return parsed;
    context.addIssue({ code: "custom", message: "There is no job with that id" });
    return z.NEVER;
  })
  .meta({ description: "The job's id, optionally followed by -{slug}: 123 or 123-video-editor" });

const markedJob = (noun: string) => z.strictObject({ jobId: idSegment(noun) });
const jobIdField = z.int().positive();
const savedMark = <V extends boolean>(saved: V) =>
  z.strictObject({ job_id: jobIdField, saved: z.literal(saved) });
const hiddenMark = <V extends boolean>(hidden: V) =>
  z.strictObject({ job_id: jobIdField, hidden: z.literal(hidden) });

export const operations = {
  // Jobs, reports, talent and documents: public

  listJobs: operation({
    method: "GET",
    path: "/api/jobs",
    summary: "Search the open jobs",
    description:
      "Open jobs matching the filters: sponsored first, then newest. With q, the best matches first: its words match titles, companies, locations and descriptions (in that order of weight), with the field's synonyms and abbreviations (yt, smm, ugc...), the board's own words for typos (corrected_q says how it was read), the last word as a prefix, and -word to leave a word out; at most 8 words are read. Each filter's choices come with how many jobs they would give (facets; estimates when the search matches more than 1,000 jobs, facets_approximate); an empty result may suggest a respelling (suggested_q).",
    access: "public",
    query: jobFiltersSchema,
    answers: { 200: jobSearchPageSchema },
  }),
  getJob: operation({
    method: "GET",
    path: "/api/jobs/{jobId}",
    summary: "One job, open or closed",
    access: "public",
    params: z.strictObject({ jobId: jobIdParam }),
    answers: { 200: jobDetailSchema },
  }),
  getQuarterReport: operation({
    method: "GET",
    path: "/api/reports/{quarter}",
    summary: "A quarter's hiring-trends figures",
    access: "public",
    params: z.strictObject({
      // Every quarter that has ended since Q1 2024, as listReports() names them at request time.
      quarter: z
        .string()
        .regex(/^q[1-4]-\d{4}$/, "No report for this quarter")
        .refine((slug) => reportBySlug(slug) !== undefined, "No report for this quarter"),
    }),
    answers: { 200: quarterReportSchema },
  }),
  getSalaries: operation({
    method: "GET",
    path: "/api/salaries",
    summary: "What listings pay: every role, a role, or a role in a region",
    description:
      "The figures of the salary pages (/salaries, /salaries/{department}, /salaries/{department}/{region}): the 25th, 50th and 75th percentiles and the range of annual base pay in US dollars, from listings with pay posted on the board in the last 12 months, with how many listings are behind each figure (null under min_listings); then the scope's roles, regions or types, and its quarters. Hourly pay counts 2,080 hours a year, monthly pay 12 months; other currencies are converted at the fixed rates given. Recomputed hourly.",
    access: "public",
    query: salaryQuerySchema,
    answers: { 200: salaryReportSchema },
  }),
  getSalariesCsv: operation({
    method: "GET",
    path: "/api/salaries.csv",
    summary: "The same figures as CSV",
    description:
      'One row for the scope\'s last 12 months, one for each of its roles, regions or types, and one for each quarter: department, region, type ("all" for every one), period, listings, and the figures in US dollars (empty under 5 listings).',
    access: "public",
    query: salaryQuerySchema,
    answers: { 200: { file: "text/csv" } },
  }),
  listTalent: operation({
    method: "GET",
    path: "/api/talent",
    summary: "The candidates who chose to appear on the talent page",
    access: "public",
    query: talentFiltersSchema,
    answers: { 200: talentPageSchema },
  }),
  getLegalPdf: operation({
    method: "GET",
    path: "/api/pdfs/{document}",
    summary: "A legal document as a PDF",
    access: "public",
    params: z.strictObject({
      document: z.enum(
        LEGAL_DOCUMENTS.map((document) => document.name),
        "No such document",
      ),
    }),
    answers: { 200: { file: "application/pdf" } },
  }),
  getOpenApiDocument: operation({
    method: "GET",
    path: "/api/openapi.json",
    summary: "This document",
    access: "public",
    answers: { 200: z.record(z.string(), z.unknown()).meta({ description: "OpenAPI 3.1" }) },
  }),

  // For load balancers and orchestrators: public, never cached

  checkHealth: operation({
    method: "GET",
    path: "/api/health",
    summary: "Whether this server process answers",
    description:
      "200 whenever the process answers, whatever the state of the database (a liveness check).",
    access: "public",
    answers: { 200: healthSchema },
  }),
  checkReadiness: operation({
    method: "GET",
    path: "/api/ready",
    summary: "Whether this server can serve requests",
    description:
      "200 when the database answers and every migration is applied; otherwise 503 with Retry-After, its error naming the check that failed.",
    access: "public",
    answers: { 200: readinessSchema },
  }),

  // Enquiries, payments and alert links: public

  sendEnquiry: operation({
    method: "POST",
    path: "/api/enquiries",
    summary: "Enquire about recruitment services",
    access: "public",
    body: enquirySchema,
    answers: { 201: enquiryReceiptSchema },
  }),
  unsubscribeFromAlerts: operation({
    method: "POST",
    path: "/api/alerts/unsubscribe",
    summary: "Turn job alerts off with the token of an alert's unsubscribe link; no sign-in",
    description:
      "RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click`, form-encoded; the body is not read. A browser's form post (Accept: text/html) is answered 303 See Other to /unsubscribe?token=…&done=1, or to /unsubscribe?token=… when the token is refused. 400 for a token that is not ours or is over 60 days old, 404 when its account was deleted; neither changes anything.",
    access: "public",
    query: unsubscribeQuerySchema,
    rawBody: { contentType: "application/x-www-form-urlencoded" },
    answers: { 200: alertsUnsubscribedSchema },
    errors: [400, 404],
  }),
  receiveStripeEvent: operation({
    method: "POST",
    path: "/api/stripe/webhook",
    summary: "Stripe's events (signed with STRIPE_WEBHOOK_SECRET)",
    description:
      "Answers 404 where payments are not set up; a paid checkout sends its listing to review.",
    access: "public",
    rawBody: { contentType: "application/json" },
    answers: { 200: webhookOutcomeSchema },
    errors: [400, 404],
  }),

  // The signed-in person

  getCurrentUser: operation({
    method: "GET",
    path: "/api/current_user",
    summary: "The signed-in person",
    access: "user",
    answers: { 200: currentUserSchema },
  }),
  updateCurrentUser: operation({
    method: "PATCH",
    path: "/api/current_user",
    summary: "Change the signed-in person's profile",
    access: "user",
    body: z.strictObject({ user: currentUserChangesSchema }),
    envelope: "user",
    answers: { 200: currentUserSchema },
  }),
  deleteCurrentUser: operation({
    method: "DELETE",
    path: "/api/current_user",
    summary: "Delete the account, everything in it and the Firebase user",
    access: "user",
    answers: { 200: z.strictObject({ deleted: z.literal(true) }) },
  }),
  getOwnCompany: operation({
    method: "GET",
    path: "/api/company",
    summary: "The signed-in employer's company (made with their first listing)",
    access: "user",
    answers: { 200: z.strictObject({ company: ownCompanySchema }) },
    errors: [404],
  }),
  updateOwnCompany: operation({
    method: "PATCH",
    path: "/api/company",
    summary: "Change the employer's company: name, website, about (the logo is uploaded)",
    access: "user",
    body: z.strictObject({ company: companyChangesSchema }),
    envelope: "company",
    answers: { 200: z.strictObject({ company: ownCompanySchema }) },
    errors: [404],
  }),
  getPreferences: operation({
    method: "GET",
    path: "/api/preferences",
    summary: "What the candidate is looking for",
    access: "user",
    answers: { 200: z.strictObject({ preferences: preferencesSchema }) },
  }),
  updatePreferences: operation({
    method: "PATCH",
    path: "/api/preferences",
    summary: "Change the candidate's preferences; fields left out keep their value",
    access: "user",
    body: z.strictObject({ preferences: preferencesChangesSchema }),
    envelope: "preferences",
    answers: { 200: z.strictObject({ preferences: preferencesSchema }) },
  }),
  listRecommendations: operation({
    method: "GET",
    path: "/api/recommendations",
    summary: "Open jobs matching the preferences, newest first, without hidden ones",
    access: "user",
    query: recommendationsQuerySchema,
    answers: { 200: recommendationsSchema },
  }),
  getJobMarks: operation({
    method: "GET",
    path: "/api/job_marks",
    summary: "Which jobs the candidate saved, hid and applied to",
    access: "user",
    answers: { 200: jobMarksSchema },
  }),
  listSavedJobs: operation({
    method: "GET",
    path: "/api/favorites",
    summary: "Saved jobs, newest first",
    access: "user",
    answers: { 200: z.strictObject({ saved_jobs: z.array(savedJobSchema) }) },
  }),
  saveJob: operation({
    method: "POST",
    path: "/api/favorites",
    summary: "Save a job (and take it off the not-interested list)",
    description: "201 when newly saved, 200 when it already was.",
    access: "user",
    body: jobReferenceSchema,
    answers: { 200: savedMark(true), 201: savedMark(true) },
  }),
  unsaveJob: operation({
    method: "DELETE",
    path: "/api/favorites/{jobId}",
    summary: "Unsave a job",
    access: "user",
    params: markedJob("Saved job"),
    answers: { 200: savedMark(false) },
  }),
  listHiddenJobs: operation({
    method: "GET",
    path: "/api/rejections",
    summary: "Jobs marked not interested, newest first",
    access: "user",
    answers: { 200: z.strictObject({ hidden_jobs: z.array(hiddenJobSchema) }) },
  }),
  hideJob: operation({
    method: "POST",
    path: "/api/rejections",
    summary: "Mark a job not interested (and unsave it)",
    description: "201 when newly marked, 200 when it already was.",
    access: "user",
    body: jobReferenceSchema,
    answers: { 200: hiddenMark(true), 201: hiddenMark(true) },
  }),
  unhideJob: operation({
    method: "DELETE",
    path: "/api/rejections/{jobId}",
    summary: "Undo not interested",
    access: "user",
    params: markedJob("Hidden job"),
    answers: { 200: hiddenMark(false) },
  }),
  listApplications: operation({
    method: "GET",
    path: "/api/applications",
    summary: "Applications, most recently changed first",
    access: "user",
    answers: { 200: z.strictObject({ applications: z.array(applicationSchema) }) },
  }),
  applyToJob: operation({
    method: "POST",
    path: "/api/applications",
    summary: "Record an application",
    description:
      "201 when new; applying again answers 200 with the application as it stands. 409 for a job the user applied to on the board: that application is tracked with its stage (GET /api/job_applications).",
    access: "user",
    body: newApplicationSchema,
    answers: {
      200: z.strictObject({ application: applicationSchema }),
      201: z.strictObject({ application: applicationSchema }),
    },
    errors: [409],
  }),
  updateApplication: operation({
    method: "PATCH",
    path: "/api/applications/{applicationId}",
    summary: "Move an application to another status",
    access: "user",
    params: z.strictObject({ applicationId: idSegment("Application") }),
    body: applicationUpdateSchema,
    answers: { 200: z.strictObject({ application: applicationSchema }) },
  }),
  deleteApplication: operation({
    method: "DELETE",
    path: "/api/applications/{applicationId}",
    summary: "Forget an application",
    access: "user",
    params: z.strictObject({ applicationId: idSegment("Application") }),
    answers: { 200: z.strictObject({ id: z.int().positive(), deleted: z.literal(true) }) },
  }),

  // The candidate's CV, kept on the profile for their applications (issue 27)

  getOwnCv: operation({
    method: "GET",
    path: "/api/profile/cv",
    summary: "The caller's CV, the PDF itself",
    description:
      "Answered with Cache-Control: private, no-store and Content-Disposition: inline with the file's name. 404 when there is none.",
    access: "user",
    answers: { 200: { file: "application/pdf" } },
    errors: [404],
  }),
  getOwnCvDetails: operation({
    method: "GET",
    path: "/api/profile/cv/meta",
    summary: "The caller's CV's name, size and upload time, or null when there is none",
    access: "user",
    answers: { 200: ownCvSchema },
  }),
  uploadOwnCv: operation({
    method: "PUT",
    path: "/api/profile/cv",
    summary: "Upload or replace the caller's CV",
    description:
      "The body is the PDF itself (any Content-Type; it is decided by the bytes), at most 5 MB; `name` is the file's name, kept (cleaned, ending .pdf) to offer it under. Not a PDF, an encrypted or unreadable PDF, or one over 5 MB is refused with 422 on `cv`, and the CV before stays. The replaced file is deleted.",
    access: "user",
    query: cvUploadQuerySchema,
    rawBody: { contentType: "application/pdf" },
    answers: { 200: uploadedCvSchema },
  }),
  removeOwnCv: operation({
    method: "DELETE",
    path: "/api/profile/cv",
    summary: "Remove the caller's CV and its file (none is no error)",
    access: "user",
    answers: { 200: ownCvSchema },
  }),

  // Employers

  listOwnListings: operation({
    method: "GET",
    path: "/api/submissions",
    summary: "The caller's listings and where each stands",
    access: "user",
    answers: { 200: ownListingsSchema },
  }),
  submitListing: operation({
    method: "POST",
    path: "/api/submissions",
    summary: "Submit a listing for review (and payment, on a paid plan)",
    description:
      "Errors are keyed by path (job.title). 403 when the bot check refuses it, 503 when the bot check cannot be reached.",
    access: "user",
    body: jobSubmissionSchema,
    answers: { 201: submissionReceiptSchema },
    errors: [403, 503],
  }),
  payForListing: operation({
    method: "POST",
    path: "/api/submissions/{submissionId}/checkout",
    summary: "A new Stripe Checkout for one of the caller's listings awaiting payment",
    access: "user",
    params: z.strictObject({ submissionId: idSegment("Listing") }),
    answers: { 200: checkoutSchema },
    errors: [409],
  }),

  // Moderators

  getReviewQueue: operation({
    method: "GET",
    path: "/api/admin/submissions",
    summary: "Listings waiting for review, and those waiting for payment",
    description:
      "Each listing carries posting_issues: what Google's rules for job postings (@adobe/structured-data-validator) find in the JobPosting data its page would have if approved now. A listing with an error cannot be approved.",
    access: "moderator",
    answers: { 200: reviewQueueSchema },
  }),
  decideListing: operation({
    method: "POST",
    path: "/api/admin/submissions/{submissionId}",
    summary: "Approve, reject (with a reason) or mark paid a pending listing",
    description:
      "409 when the listing's state does not allow the decision, and for an approval while Google's rules for job postings find an error in the listing (its posting_issues in the queue): Google's job search would leave it out, so it is rejected with a reason and the employer fixes it.",
    access: "moderator",
    params: z.strictObject({ submissionId: idSegment("Listing") }),
    body: decisionSchema,
    answers: { 200: decisionResultSchema },
    errors: [409],
  }),
  getQueueStatus: operation({
    method: "GET",
    path: "/api/admin/queue",
    summary: "The job queue: each queue's backlog, and the newest jobs whose retries are spent",
    access: "moderator",
    answers: { 200: queueStatusSchema },
  }),
  retryQueueJob: operation({
    method: "POST",
    path: "/api/admin/queue/{queueJobId}/retry",
    summary: "Try a failed job (a message, a periodic task) again at once",
    access: "moderator",
    params: z.strictObject({
      queueJobId: z.uuid("There is no failed job with that id"),
    }),
    answers: { 200: queueRetrySchema },
  }),

  // Each area's own file: employers' listings, company logos, listing statistics, moderation.
  ...listingOperations,
  ...logoOperations,
  ...statsOperations,
  ...moderationOperations,
  ...ogOperations,
  ...applicationOperations,
  ...savedSearchOperations,
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;

/** What an operation answers on success: ApiAnswer<"listSavedJobs">. */
export type ApiAnswer<K extends OperationId> = AnswerOf<Operations[K]>;

/** What an operation's body takes: ApiBody<"saveJob">. */
export type ApiBody<K extends OperationId> = BodyOf<Operations[K]>;
