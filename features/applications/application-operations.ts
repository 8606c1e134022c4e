// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import {
  applicantDetailSchema,
  applicantListSchema,
  applicantNoteSchema,
  applicantsQuerySchema,
  applicantSummarySchema,
  applicationBodySchema,
  applicationMessageSchema,
  bulkRejectSchema,
  messageBodySchema,
  noteBodySchema,
  ownJobApplicationSchema,
  stageMoveSchema,
} from "@/features/applications/schemas";
import { idSegment } from "@/lib/validation/fields";
import { operation } from "@/lib/api/operation";

const listingApplicant = z.strictObject({
  listingId: idSegment("Listing"),
  applicationId: idSegment("Applicant"),
});

/**
 * Applications made on the board (issue 27): the candidate's, and the listing employer's
 * pipeline. Spread into `operations` (lib/api-registry/operations.ts).
 */
export const applicationOperations = {
  applyOnBoard: operation({
    method: "POST",
    path: "/api/jobs/{jobId}/applications",
    summary: "Apply to a job on the board, with the CV on the caller's profile",
    description:
      "404 for a job that is not on the board; 410 for one that does not take applications on the board (now); 409 for a second application; 422 on `cv` without a CV on the profile, and on `answers.{id}` for a required question left empty. Mails the candidate a receipt.",
    access: "user",
    params: z.strictObject({ jobId: idSegment("Job") }),
    body: applicationBodySchema,
    answers: { 201: z.strictObject({ application: ownJobApplicationSchema }) },
    errors: [404, 409, 410],
  }),
  listOwnJobApplications: operation({
    method: "GET",
    path: "/api/job_applications",
    summary: "The caller's applications made on the board, and where each stands",
    access: "user",
    answers: { 200: z.strictObject({ applications: z.array(ownJobApplicationSchema) }) },
  }),
  withdrawJobApplication: operation({
    method: "POST",
    path: "/api/job_applications/{applicationId}/withdraw",
    summary: "Withdraw one of the caller's applications still waiting for an answer",
    access: "user",
    params: z.strictObject({ applicationId: idSegment("Application") }),
    answers: { 200: z.strictObject({ application: ownJobApplicationSchema }) },
    errors: [404, 409],
  }),
  writeToEmployer: operation({
    method: "POST",
    path: "/api/job_applications/{applicationId}/messages",
    summary: "Write to the employer on one of the caller's applications",
    description:
      "The message joins the application's conversation and is mailed to the listing's employer, without the candidate's address. 409 once the application was withdrawn or deleted after its retention period.",
    access: "user",
    params: z.strictObject({ applicationId: idSegment("Application") }),
    body: messageBodySchema,
    answers: { 201: z.strictObject({ message: applicationMessageSchema }) },
    errors: [404, 409],
  }),
  listApplicants: operation({
    method: "GET",
    path: "/api/listings/{listingId}/applicants",
    summary: "A listing's applicants (in one stage, if asked), and how many in each stage",
    description: "The listing's employer and moderators only; anyone else's listing is 404.",
    access: "employer",
    employer: { role: "viewer" },
    params: z.strictObject({ listingId: idSegment("Listing") }),
    query: applicantsQuerySchema,
    answers: { 200: applicantListSchema },
    errors: [404],
  }),
  getApplicant: operation({
    method: "GET",
    path: "/api/listings/{listingId}/applicants/{applicationId}",
    summary: "One applicant: what they sent, and the employer's private notes",
    access: "employer",
    employer: { role: "viewer" },
    params: listingApplicant,
    answers: { 200: z.strictObject({ applicant: applicantDetailSchema }) },
    errors: [404],
  }),
  moveApplicant: operation({
    method: "PATCH",
    path: "/api/listings/{listingId}/applicants/{applicationId}",
    summary: "Move an applicant to a stage, with a message for them",
    description:
      "The candidate is mailed when the stage becomes interview, offer or not_selected, with the message. 409 for a withdrawn application.",
    access: "employer",
    employer: { role: "recruiter" },
    params: listingApplicant,
    body: stageMoveSchema,
    answers: { 200: z.strictObject({ applicant: applicantDetailSchema }) },
    errors: [404, 409],
  }),
  rejectApplicants: operation({
    method: "POST",
    path: "/api/listings/{listingId}/applicants/reject",
    summary: "Set several applicants Not selected at once, with one message",
    access: "employer",
    employer: { role: "recruiter" },
    params: z.strictObject({ listingId: idSegment("Listing") }),
    body: bulkRejectSchema,
    answers: { 200: z.strictObject({ applicants: z.array(applicantSummarySchema) }) },
    errors: [404, 409],
  }),
  exportApplicants: operation({
    method: "GET",
    path: "/api/listings/{listingId}/applicants.csv",
    summary: "A listing's applicants as a CSV file, one column per screening question",
    description:
      "The listing's employer and moderators only; anyone else's listing is 404. Answered as an attachment, with Cache-Control: private, no-store; cells a spreadsheet would read as a formula start with a single quote.",
    access: "employer",
    employer: { role: "viewer" },
    params: z.strictObject({ listingId: idSegment("Listing") }),
    answers: { 200: { file: "text/csv" } },
    errors: [404],
  }),
  getApplicantCv: operation({
    method: "GET",
    path: "/api/listings/{listingId}/applicants/{applicationId}/cv",
    summary: "An applicant's CV, the PDF itself, to read in the page",
    description:
      "The listing's employer and moderators only (anyone else: 404). Answered with Cache-Control: private, no-store and Content-Disposition: inline; 404 once the CV was deleted.",
    access: "employer",
    employer: { role: "viewer" },
    params: listingApplicant,
    answers: { 200: { file: "application/pdf" } },
    errors: [404],
  }),
  writeToCandidate: operation({
    method: "POST",
    path: "/api/listings/{listingId}/applicants/{applicationId}/messages",
    summary: "Write to an applicant: the message joins the application's conversation",
    description:
      "Mailed to the candidate, from the board, with a link to the conversation (and a Reply-To that brings their answer back to it, when the board takes mail in). 409 once the application was withdrawn or deleted after its retention period.",
    access: "employer",
    employer: { role: "recruiter" },
    params: listingApplicant,
    body: messageBodySchema,
    answers: { 201: z.strictObject({ message: applicationMessageSchema }) },
    errors: [404, 409],
  }),
  addApplicantNote: operation({
    method: "POST",
    path: "/api/listings/{listingId}/applicants/{applicationId}/notes",
    summary: "Add a private note to an applicant (the candidate never sees it)",
    access: "employer",
    employer: { role: "recruiter" },
    params: listingApplicant,
    body: noteBodySchema,
    answers: { 201: z.strictObject({ note: applicantNoteSchema }) },
    errors: [404],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
