import type { GetStaticProps } from "next";
import { LEGAL_DOCUMENTS, type LegalDocumentName, type LegalPageProps } from "@/lib/legal";
import { loadLegalDocument, readLegalSource } from "./legal";

/** getStaticProps for a legal document's page: the document, and every document's title. */
export const legalStaticProps =
  (name: LegalDocumentName): GetStaticProps<LegalPageProps> =>
  async () => {
    const sources = await Promise.all(LEGAL_DOCUMENTS.map((entry) => readLegalSource(entry.name)));
    const titles = Object.fromEntries(sources.map((source) => [source.name, source.title]));
    return { props: { document: await loadLegalDocument(name), titles } };
  };
