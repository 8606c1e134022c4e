import type { GetServerSideProps } from "next";
import type { LegalDocumentName, LegalPageProps } from "@/features/content/legal";
import { legalDocumentField } from "@/features/content/legal-schemas";
import { getDatabase } from "@/lib/server/db";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { legalPageProps } from "./legal-versions";

/**
 * getServerSideProps for a legal document's page at its current version (issue 64: editors
 * publish versions): kept by the shared caches, purged when a version is published.
 */
export const legalServerProps =
  (name: LegalDocumentName): GetServerSideProps<LegalPageProps> =>
  async ({ res }) => {
    const props = await legalPageProps(await getDatabase(), name);
    if (!props) return { notFound: true };
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.document);
    return { props };
  };

/** getServerSideProps for /pdfs/{document}/versions/{version}: an older (or the current) version. */
export const legalVersionServerProps: GetServerSideProps<
  LegalPageProps,
  { document: string; version: string }
> = async ({ params, res }) => {
  const document = legalDocumentField.safeParse(params?.document);
  const version = /^[1-9]\d{0,8}$/.test(params?.version ?? "") ? Number(params!.version) : null;
  if (!document.success || version === null) return { notFound: true };
  const props = await legalPageProps(await getDatabase(), document.data, version);
  if (!props) return { notFound: true };
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.document);
  return { props };
};
