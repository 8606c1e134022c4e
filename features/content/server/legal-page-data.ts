import type { GetStaticProps } from "next";
import {
  LEGAL_DOCUMENTS,
  type LegalDocumentName,
  type LegalPageProps,
} from "@/features/content/legal";
import { readLegalSource, toLegalDocument } from "./legal";

/** getStaticProps for a legal document's page: the document, and every document's title. */
export const legalStaticProps =
  (name: LegalDocumentName): GetStaticProps<LegalPageProps> =>
  async () => {
    const sources = await Promise.all(LEGAL_DOCUMENTS.map((entry) => readLegalSource(entry.name)));
    const titles = Object.fromEntries(sources.map((source) => [source.name, source.title]));
    const source = sources.find((candidate) => candidate.name === name)!;
    return { props: { document: await toLegalDocument(source), titles } };
  };
