/**
 * The board's four legal documents by name (content/legal/{name}.md seeds their version 1;
 * issue 64: each change a new version). The content feature gives them their titles and routes.
 */
export const LEGAL_DOCUMENT_NAMES = [
  "privacy",
  "tos-candidates",
  "tos-employers",
  "acceptable-use",
] as const;

export type LegalDocumentName = (typeof LEGAL_DOCUMENT_NAMES)[number];
