// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { LEGAL_DOCUMENTS } from "@/features/content/legal";
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
    answers: { 200: { file: "application/pdf" } },
  }),
  getOpenApiDocument: operation({
    method: "GET",
    path: "/api/openapi.json",
    summary: "This document",
    access: "public",
    answers: { 200: z.record(z.string(), z.unknown()).meta({ description: "OpenAPI 3.1" }) },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
