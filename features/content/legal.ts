import { getLegalPdf } from "@/lib/api/public-routes.generated";
import { routePath } from "@/lib/api/paths";
import type { LegalDocumentName } from "@/lib/model/legal";
import { routes } from "@/lib/routes";

export type { LegalDocumentName };

/** The four legal documents of spec §2: their names (content/legal/{name}.md) and routes. */
export const LEGAL_DOCUMENTS = [
  { name: "privacy", path: routes.legal.privacy, label: "Privacy policy" },
  { name: "tos-candidates", path: routes.legal.tosCandidates, label: "Terms for candidates" },
  { name: "tos-employers", path: routes.legal.tosEmployers, label: "Terms for employers" },
  { name: "acceptable-use", path: routes.legal.acceptableUse, label: "Acceptable use policy" },
] as const satisfies readonly { name: LegalDocumentName; path: string; label: string }[];

/** A document's page: its current version's (the route), or an older version's. */
export const legalPagePath = (name: LegalDocumentName, version?: number) => {
  const path = LEGAL_DOCUMENTS.find((entry) => entry.name === name)!.path;
  return version === undefined ? path : `${path}/versions/${version}`;
};

/** Where a document downloads as a PDF: its current version, or the version named. */
export const legalPdfPath = (name: LegalDocumentName, version?: number) =>
  routePath(getLegalPdf, { document: name }) + (version === undefined ? "" : `?version=${version}`);

export type LegalDocument = {
  name: LegalDocumentName;
  title: string;
  /** YYYY-MM-DD. */
  updated: string;
  summary: string;
  html: string;
};

/** One published version of a document, as its page's list of versions shows it. */
export type LegalVersionEntry = {
  version: number;
  /** YYYY-MM-DD. */
  published_on: string;
  /** What changed. */
  summary: string;
};

/**
 * What a legal document's page shows: the document at one version (the current one at its
 * route, an older one at /versions/{n}), every version newest first, and the titles of all four.
 */
export type LegalPageProps = {
  document: LegalDocument & { version: number; current: number };
  versions: LegalVersionEntry[];
  titles: Record<string, string>;
};
