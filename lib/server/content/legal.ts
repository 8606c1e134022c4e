import { z } from "zod";
import type { LegalDocument, LegalDocumentName } from "@/lib/legal";
import { renderMarkdown } from "@/lib/markdown";
import { dayDate, readContentFile } from "./content-files";

const frontMatter = z.strictObject({
  title: z.string().min(1),
  updated: dayDate,
  summary: z.string().min(1),
});

export type LegalSource = Omit<LegalDocument, "html"> & { markdown: string };

/** A legal document's front matter and Markdown, from content/legal/{name}.md. */
export async function readLegalSource(name: LegalDocumentName): Promise<LegalSource> {
  const { data, body } = await readContentFile("legal", name, frontMatter);
  return { name, ...data, markdown: body };
}

/** A legal document ready for its page: the Markdown rendered to safe HTML. */
export async function toLegalDocument({
  markdown,
  ...source
}: LegalSource): Promise<LegalDocument> {
  return { ...source, html: await renderMarkdown(markdown) };
}

export async function loadLegalDocument(name: LegalDocumentName): Promise<LegalDocument> {
  return toLegalDocument(await readLegalSource(name));
}
