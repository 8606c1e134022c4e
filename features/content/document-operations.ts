// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { LEGAL_DOCUMENTS } from "@/features/content/legal";
import {
  pendingTermsSchema,
  termsAcceptanceInputSchema,
  termsAcceptanceSchema,
} from "@/features/content/legal-schemas";
import { operation } from "@/lib/api/operation";

/**
 * Documents served as they are: the legal documents' PDFs and this API's OpenAPI document; public.
 * Spread into `operations` (lib/api-registry/operations.ts).
 */
export const documentOperations = {
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
    query: z.strictObject({
      version: z.coerce
        .number("No such version")
        .int("No such version")
        .positive("No such version")
        .optional(),
    }),
    description: "The current version, or the `version` named (404 when there is none).",
    answers: { 200: { file: "application/pdf" } },
    errors: [404],
  }),
  getOpenApiDocument: operation({
    method: "GET",
    path: "/api/openapi.json",
    summary: "This document",
    access: "public",
    answers: { 200: z.record(z.string(), z.unknown()).meta({ description: "OpenAPI 3.1" }) },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;

/**
 * The signed-in person and the legal documents (issue 64): which new versions they are asked to
 * accept, and their acceptance. Spread into `operations` (lib/api-registry/operations.ts).
 */
export const termsOperations = {
  getPendingTerms: operation({
    method: "GET",
    path: "/api/current_user/terms",
    summary: "The legal documents' new versions the signed-in person has not accepted",
    description:
      "Those that apply to them (a company's member: employers' terms, privacy, acceptable use; anyone else: candidates' terms, privacy) whose current version is later than 1 and not accepted.",
    access: "user",
    answers: { 200: pendingTermsSchema },
  }),
  acceptTerms: operation({
    method: "POST",
    path: "/api/current_user/terms",
    summary: "Accept the current version of a legal document",
    description:
      "Recorded for the signed-in person with the version. 409 when a later version has been published since; 404 for a version that does not exist.",
    access: "user",
    body: termsAcceptanceInputSchema,
    answers: { 200: termsAcceptanceSchema },
    errors: [404, 409],
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
