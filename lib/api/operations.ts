import { alertOperations } from "./alert-operations";
import { applicationOperations } from "./application-operations";
import { billingOperations } from "./billing-operations";
import { candidateOperations } from "./candidate-operations";
import { companyOperations } from "./company-operations";
import { cvOperations } from "./cv-operations";
import { directoryOperations } from "./directory-operations";
import { documentOperations } from "./document-operations";
import { enquiryOperations } from "./enquiry-operations";
import { healthOperations } from "./health-operations";
import { importOperations } from "./import-operations";
import { jobOperations } from "./job-operations";
import { listingOperations } from "./listing-operations";
import { logoOperations } from "./logo-operations";
import { moderationOperations } from "./moderation-operations";
import { ogOperations } from "./og-operations";
import type { AnswerOf, BodyOf } from "./operation";
import { paymentOperations } from "./payment-operations";
import { queueOperations } from "./queue-operations";
import { reportOperations } from "./report-operations";
import { reviewOperations } from "./review-operations";
import { salaryOperations } from "./salary-operations";
import { savedSearchOperations } from "./saved-search-operations";
import { statsOperations } from "./stats-operations";
import { submissionOperations } from "./submission-operations";
import { talentOperations } from "./talent-operations";
import { teamOperations } from "./team-operations";
import { userOperations } from "./user-operations";

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
  ...reportOperations,
  ...salaryOperations,
  ...talentOperations,
  ...directoryOperations,
  ...documentOperations,
  ...healthOperations,
  ...enquiryOperations,
  ...alertOperations,
  ...paymentOperations,
  // The signed-in person: account, company, candidate, CV
  ...userOperations,
  ...companyOperations,
  ...teamOperations,
  ...billingOperations,
  ...importOperations,
  ...candidateOperations,
  ...cvOperations,
  // Employers, then moderators
  ...submissionOperations,
  ...reviewOperations,
  ...queueOperations,
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
