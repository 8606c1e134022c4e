import { z } from "zod";
import { LEGAL_DOCUMENT_NAMES } from "@/lib/model/legal";

/** The legal documents' versions and their acceptance (issue 64): what the API takes and answers. */

export const legalDocumentField = z.enum(LEGAL_DOCUMENT_NAMES, "No such document");

export const legalDocumentParams = z.strictObject({ document: legalDocumentField });

/** Limits of what an editor publishes. */
export const LEGAL_LIMITS = { body: 200_000, summary: 500 } as const;

/** A new version: its whole Markdown text, and what changed. */
export const legalVersionInputSchema = z.strictObject({
  body: z
    .string("Write the document's text")
    .trim()
    .min(1, "Write the document's text")
    .max(LEGAL_LIMITS.body, `At most ${LEGAL_LIMITS.body} characters`),
  summary: z
    .string("Say what changed")
    .trim()
    .min(1, "Say what changed")
    .max(LEGAL_LIMITS.summary, `At most ${LEGAL_LIMITS.summary} characters`),
});

export type LegalVersionInput = z.infer<typeof legalVersionInputSchema>;

export const consoleLegalVersionSchema = z.strictObject({
  id: z.int(),
  document: legalDocumentField,
  version: z.int().positive(),
  body: z.string(),
  summary: z.string(),
  published_at: z.string(),
  /** The board member's account; null for the seed. */
  published_by: z.int().nullable(),
});

export type ConsoleLegalVersion = z.infer<typeof consoleLegalVersionSchema>;

export const consoleLegalVersionsSchema = z.strictObject({
  document: legalDocumentField,
  versions: z.array(consoleLegalVersionSchema),
});

/** A document the signed-in person is asked to accept: its current version and what changed. */
export const pendingTermSchema = z.strictObject({
  document: legalDocumentField,
  title: z.string(),
  version: z.int().positive(),
  published_on: z.string(),
  summary: z.string(),
  path: z.string(),
});

export type PendingTerm = z.infer<typeof pendingTermSchema>;

export const pendingTermsSchema = z.strictObject({ pending: z.array(pendingTermSchema) });

export const termsAcceptanceInputSchema = z.strictObject({
  document: legalDocumentField,
  version: z.int("Name the version accepted").positive("Name the version accepted"),
});

export const termsAcceptanceSchema = z.strictObject({
  document: legalDocumentField,
  version: z.int().positive(),
  accepted_at: z.string(),
});
