import { z } from "zod";
import {
  APPLICATION_RETENTION_DAYS,
  INVITATION_KEEP_DAYS,
  INVITATIONS_PER_DAY,
  PROFILE_VIEW_DAYS,
  PROFILE_VIEWS_PER_DAY,
} from "@/lib/legal-figures";
import type { LegalDocument, LegalDocumentName } from "@/features/content/legal";
import { renderMarkdown } from "@/lib/markdown";
import { dayDate, readContentFile } from "./content-files";

const frontMatter = z.strictObject({
  title: z.string().min(1),
  updated: dayDate,
  summary: z.string().min(1),
});

export type LegalSource = Omit<LegalDocument, "html"> & { markdown: string };

/**
 * Figures a legal document states that the code decides, written `{{NAME}}` in its Markdown, so
 * that the policy says what the board does: the number of days, say, after which applications'
 * CVs and answers are deleted.
 */
export const LEGAL_FIGURES: Readonly<Record<string, string>> = {
  APPLICATION_RETENTION_DAYS: String(APPLICATION_RETENTION_DAYS),
  INVITATION_KEEP_DAYS: String(INVITATION_KEEP_DAYS),
  INVITATIONS_PER_DAY: String(INVITATIONS_PER_DAY),
  PROFILE_VIEW_DAYS: String(PROFILE_VIEW_DAYS),
  PROFILE_VIEWS_PER_DAY: String(PROFILE_VIEWS_PER_DAY),
};

const FIGURE = /\{\{\s*(\w+)\s*\}\}/g;

/** The `{{NAME}}` figures a text names that LEGAL_FIGURES does not know (an editor's typo). */
export const unknownFigures = (markdown: string): string[] => [
  ...new Set(
    [...markdown.matchAll(FIGURE)]
      .map(([, figure]) => figure!)
      .filter((f) => !(f in LEGAL_FIGURES)),
  ),
];

/** The Markdown with its figures filled in; one it does not know stops the build, named. */
export function withFigures(name: LegalDocumentName, markdown: string): string {
  return markdown.replace(FIGURE, (_, figure: string) => {
    const value = LEGAL_FIGURES[figure];
    if (value === undefined) {
      throw new Error(`content/legal/${name}.md: no figure named {{${figure}}}`);
    }
    return value;
  });
}

/**
 * content/legal/{name}.md as written: its front matter (title, date, description) and its
 * Markdown with the figures unfilled. The seed of the document's version 1 (legal-versions.ts).
 */
export async function readLegalFile(name: LegalDocumentName) {
  const { data, body } = await readContentFile("legal", name, frontMatter);
  return { ...data, body };
}

/** A legal document's front matter and Markdown, from content/legal/{name}.md. */
export async function readLegalSource(name: LegalDocumentName): Promise<LegalSource> {
  const { body, ...data } = await readLegalFile(name);
  return { name, ...data, markdown: withFigures(name, body) };
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
