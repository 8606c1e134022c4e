import { analyticsOperations } from "@/features/analytics/analytics-operations";
import { alertOperations } from "@/features/alerts/alert-operations";
import { applicationOperations } from "@/features/applications/application-operations";
import { billingOperations } from "@/features/billing/billing-operations";
import { candidateOperations } from "@/features/account/candidate-operations";
import { companyOperations } from "@/features/companies/company-operations";
import { cvOperations } from "@/features/applications/cv-operations";
import { directoryOperations } from "@/features/directory/directory-operations";
import { documentOperations, termsOperations } from "@/features/content/document-operations";
import { postImageOperations } from "@/features/content/post-operations";
import { embedOperations } from "@/features/embed/embed-operations";
import { enquiryOperations } from "@/features/enquiries/enquiry-operations";
import { healthOperations } from "@/lib/api/health-operations";
import { importOperations } from "@/features/imports/import-operations";
import { jobOperations } from "@/features/jobs/job-operations";
import { listingOperations } from "@/features/listings/listing-operations";
import { logoOperations } from "@/features/companies/logo-operations";
import { moderationOperations } from "@/features/moderation/moderation-operations";
import { ogOperations } from "@/features/og/og-operations";
import type { AnswerOf, BodyOf } from "@/lib/api/operation";
import { paymentOperations } from "@/features/billing/payment-operations";
import { reportOperations } from "@/features/reports/report-operations";
import { salaryOperations } from "@/features/salaries/salary-operations";
import { savedSearchOperations } from "@/features/saved-searches/saved-search-operations";
import { statsOperations } from "@/features/listings/stats-operations";
import { submissionOperations } from "@/features/listings/submission-operations";
import { talentOperations } from "@/features/directory/talent-operations";
import { teamOperations } from "@/features/companies/team-operations";
import { userOperations } from "@/lib/api/user-operations";

/*
 * Every operation of the API, by operation id. Each route under pages/api binds the operations
 * of its path to handlers (lib/server/http/api-route.ts); /api/openapi.json is generated from
 * this list; hooks name their answers' types by it (ApiAnswer<"listSavedJobs">).
 *
 * Casing: every key the API takes or answers is snake_case (spec §7 fixes `avatar_url` and
 * `full_name`); path parameters are named as the route files name them.
 *
 * Each domain describes its operations in its own file (lib/api/<domain>-operations.ts); this
 * one only gathers them. Their order here is the order of the paths in /api/openapi.json.
 */
export const operations = {
  // Public: jobs, reports, salaries, talent, documents, health, enquiries, alert links, Stripe
  ...jobOperations,
  ...analyticsOperations,
  ...reportOperations,
  ...salaryOperations,
  ...embedOperations,
  ...talentOperations,
  ...directoryOperations,
  ...documentOperations,
  ...postImageOperations,
  ...healthOperations,
  ...enquiryOperations,
  ...alertOperations,
  ...paymentOperations,
  // The signed-in person: account, company, candidate, CV
  ...userOperations,
  ...termsOperations,
  ...companyOperations,
  ...teamOperations,
  ...billingOperations,
  ...importOperations,
  ...candidateOperations,
  ...cvOperations,
  // Employers, then moderators
  ...submissionOperations,
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
