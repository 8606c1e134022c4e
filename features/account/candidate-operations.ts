// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import {
  applicationSchema,
  applicationUpdateSchema,
  hiddenJobSchema,
  jobMarksSchema,
  jobReferenceSchema,
  newApplicationSchema,
  preferencesChangesSchema,
  preferencesSchema,
  recommendationsQuerySchema,
  recommendationsSchema,
  savedJobSchema,
} from "@/features/account/schemas";
import { operation } from "@/lib/api/operation";
import { idSegment } from "@/lib/validation/fields";

const markedJob = (noun: string) => z.strictObject({ jobId: idSegment(noun) });
const jobIdField = z.int().positive();
const savedMark = <V extends boolean>(saved: V) =>
  z.strictObject({ job_id: jobIdField, saved: z.literal(saved) });
const hiddenMark = <V extends boolean>(hidden: V) =>
  z.strictObject({ job_id: jobIdField, hidden: z.literal(hidden) });

/**
 * The signed-in candidate: preferences, recommendations, saved and not-interested jobs, and the
 * applications they track. Spread into `operations` (lib/api-registry/operations.ts).
 */
export const candidateOperations = {
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
    path: "/api/saved_jobs",
    summary: "Saved jobs, newest first",
    access: "user",
    answers: { 200: z.strictObject({ saved_jobs: z.array(savedJobSchema) }) },
  }),
  saveJob: operation({
    method: "POST",
    path: "/api/saved_jobs",
    summary: "Save a job (and take it off the not-interested list)",
    description: "201 when newly saved, 200 when it already was.",
    access: "user",
    body: jobReferenceSchema,
    answers: { 200: savedMark(true), 201: savedMark(true) },
  }),
  unsaveJob: operation({
    method: "DELETE",
    path: "/api/saved_jobs/{jobId}",
    summary: "Unsave a job",
    access: "user",
    params: markedJob("Saved job"),
    answers: { 200: savedMark(false) },
  }),
  listHiddenJobs: operation({
    method: "GET",
    path: "/api/hidden_jobs",
    summary: "Jobs marked not interested, newest first",
    access: "user",
    answers: { 200: z.strictObject({ hidden_jobs: z.array(hiddenJobSchema) }) },
  }),
  hideJob: operation({
    method: "POST",
    path: "/api/hidden_jobs",
    summary: "Mark a job not interested (and unsave it)",
    description: "201 when newly marked, 200 when it already was.",
    access: "user",
    body: jobReferenceSchema,
    answers: { 200: hiddenMark(true), 201: hiddenMark(true) },
  }),
  unhideJob: operation({
    method: "DELETE",
    path: "/api/hidden_jobs/{jobId}",
    summary: "Undo not interested",
    access: "user",
    params: markedJob("Hidden job"),
    answers: { 200: hiddenMark(false) },
  }),
  listApplications: operation({
    method: "GET",
    path: "/api/applied_jobs",
    summary: "Applications, most recently changed first",
    access: "user",
    answers: { 200: z.strictObject({ applications: z.array(applicationSchema) }) },
  }),
  applyToJob: operation({
    method: "POST",
    path: "/api/applied_jobs",
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
    path: "/api/applied_jobs/{applicationId}",
    summary: "Move an application to another status",
    access: "user",
    params: z.strictObject({ applicationId: idSegment("Application") }),
    body: applicationUpdateSchema,
    answers: { 200: z.strictObject({ application: applicationSchema }) },
  }),
  deleteApplication: operation({
    method: "DELETE",
    path: "/api/applied_jobs/{applicationId}",
    summary: "Forget an application",
    access: "user",
    params: z.strictObject({ applicationId: idSegment("Application") }),
    answers: { 200: z.strictObject({ id: z.int().positive(), deleted: z.literal(true) }) },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
