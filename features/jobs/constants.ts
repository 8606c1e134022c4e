/*
 * A job's states, and how it takes applications and what it asks (issue 27), as the server, its
 * tables and the browser share them: plain constants, below the jobs' schemas
 * (features/jobs/schemas.ts, question-schemas.ts). The values the tables check are the data
 * model's (lib/model/jobs.ts), re-exported here.
 */

import type { ApplyMethod } from "@/lib/model/jobs";

export {
  APPLICANT_MAIL_FREQUENCIES,
  APPLY_METHODS,
  JOB_STATUSES,
  PAYMENT_STATUSES,
  SCREENING_QUESTION_KINDS,
  type ApplicantMailFrequency,
  type ApplyMethod,
  type JobStatus,
  type PaymentStatus,
  type ScreeningQuestionKind,
} from "@/lib/model/jobs";

export const APPLY_METHOD_LABELS: Record<ApplyMethod, string> = {
  board: "On the board",
  link: "On your site (a link)",
  email: "By email",
};

export const MAX_SCREENING_QUESTIONS = 5;
export const SCREENING_QUESTION_MAX = 200;
