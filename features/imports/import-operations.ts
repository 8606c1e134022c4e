// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { idSegment, timestamp } from "@/lib/validation/fields";
import {
  previewInputSchema,
  sourceChangesSchema,
  sourceInputSchema,
  sourcePreviewSchema,
  sourceSchema,
  sourcesAnswerSchema,
} from "@/features/imports/schemas";
import { operation } from "@/lib/api/operation";

/** A company's slug in a path: anything the site would not make names no company (404). */
const companySlugSegment = z
  .string()
  .max(100, "Company not found")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Company not found");

export const sourceParams = z.strictObject({ sourceId: idSegment("Import") });
export const sourceAnswer = z.strictObject({ source: sourceSchema });

/**
 * Jobs imported from an applicant tracking system's public board (issue 46): for the company's
 * owner and admins, and for moderators. Spread into `operations`.
 */
export const importOperations = {
  previewImport: operation({
    method: "POST",
    path: "/api/company/imports/preview",
    summary: "Read an ATS board and show how its jobs would be imported; nothing is stored",
    description:
      "422 on `board` when the name cannot be one, when the ATS has no such board, or when it lists no jobs (“No jobs found: check the name”); 503 when the ATS does not answer in time.",
    access: "employer",
    employer: { role: "admin" },
    body: previewInputSchema,
    answers: { 200: sourcePreviewSchema },
    errors: [503],
  }),
  listImports: operation({
    method: "GET",
    path: "/api/company/imports",
    summary: "The company's import sources, each with its last run's report",
    access: "employer",
    employer: { role: "admin" },
    answers: { 200: sourcesAnswerSchema },
  }),
  addImport: operation({
    method: "POST",
    path: "/api/company/imports",
    summary: "Import a board's jobs from now on: read at once, then every hour",
    description:
      "Its first import waits for a moderator's review; after that new and changed jobs go live at once. 409 when the board is imported already (by this company or another).",
    access: "employer",
    employer: { role: "admin" },
    body: sourceInputSchema,
    answers: { 201: sourceAnswer },
    errors: [409, 503],
  }),
  changeImport: operation({
    method: "PATCH",
    path: "/api/company/imports/{sourceId}",
    summary: "Change a source's choices or plan, or pause or resume it",
    access: "employer",
    employer: { role: "admin" },
    params: sourceParams,
    body: sourceChangesSchema,
    answers: { 200: sourceAnswer },
  }),
  removeImport: operation({
    method: "DELETE",
    path: "/api/company/imports/{sourceId}",
    summary: "Stop importing a board: its live listings are withdrawn",
    access: "employer",
    employer: { role: "admin" },
    params: sourceParams,
    answers: { 200: z.strictObject({ withdrawn: z.number().int() }) },
  }),
  runImport: operation({
    method: "POST",
    path: "/api/company/imports/{sourceId}/run",
    summary: "Read a source's board again now (a paused one too)",
    access: "employer",
    employer: { role: "admin" },
    params: sourceParams,
    answers: {
      200: z.strictObject({
        /** False when a run is waiting already (that one reads the board). */
        queued: z.boolean(),
        /** When the server took the request: the run asked for starts at or after it. */
        asked_at: timestamp,
      }),
    },
  }),
  claimCompany: operation({
    method: "POST",
    path: "/api/companies/{slug}/claim",
    summary: "Become the owner of a company the board added with no account (its jobs imported)",
    description:
      "Only with a verified e-mail address at the company's website's domain (403 otherwise), for someone in no company, of a company no one is in (409 otherwise).",
    access: "user",
    params: z.strictObject({ slug: companySlugSegment }),
    answers: {
      200: z.strictObject({
        company: z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string() }),
      }),
    },
    errors: [403, 404, 409],
  }),
} as const;
