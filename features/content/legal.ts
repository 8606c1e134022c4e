import { getLegalPdf } from "@/lib/api/public-routes.generated";
import { routePath } from "@/lib/api/paths";
import { routes } from "@/lib/routes";

/** The four legal documents of spec §2: their names (content/legal/{name}.md) and routes. */
export const LEGAL_DOCUMENTS = [
  { name: "privacy", path: routes.legal.privacy },
  { name: "tos-candidates", path: routes.legal.tosCandidates },
  { name: "tos-employers", path: routes.legal.tosEmployers },
  { name: "acceptable-use", path: routes.legal.acceptableUse },
] as const;

export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number]["name"];

/** Where a document downloads as a PDF. */
export const legalPdfPath = (name: LegalDocumentName) => routePath(getLegalPdf, { document: name });

export type LegalDocument = {
  name: LegalDocumentName;
  title: string;
  /** YYYY-MM-DD. */
  updated: string;
  summary: string;
  html: string;
};

/** What a legal document's page shows: the document, and the titles of all four. */
export type LegalPageProps = { document: LegalDocument; titles: Record<string, string> };
