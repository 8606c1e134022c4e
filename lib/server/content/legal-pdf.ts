import type { List, ListItem, PhrasingContent, Root, RootContent } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { formatDate } from "@/lib/format";
import { SITE_NAME } from "@/lib/site";
import type { LegalSource } from "./legal";

type Run = { text: string; bold: boolean; italic: boolean };

/** The built-in PDF fonts speak WinAnsi: other characters would print as garbage. */
const printable = (text: string) =>
  text.replace(/[^\x20-\x7E\xA0-\xFF‘’“”–—•…€\n]/g, (char) => (char === "→" ? "->" : ""));

/** A paragraph's text as runs of one style each. */
function runsOf(nodes: PhrasingContent[], style = { bold: false, italic: false }): Run[] {
  return nodes.flatMap((node): Run[] => {
    switch (node.type) {
      case "text":
      case "inlineCode":
        return [{ text: node.value, ...style }];
      case "strong":
        return runsOf(node.children, { ...style, bold: true });
      case "emphasis":
        return runsOf(node.children, { ...style, italic: true });
      case "link":
        return runsOf(node.children, style);
      case "break":
        return [{ text: "\n", ...style }];
      default:
        return "children" in node ? runsOf(node.children as PhrasingContent[], style) : [];
    }
  });
}

const fontFor = ({ bold, italic }: Omit<Run, "text">) =>
  `Helvetica${bold && italic ? "-BoldOblique" : bold ? "-Bold" : italic ? "-Oblique" : ""}`;

function writeRuns(doc: PDFKit.PDFDocument, runs: Run[], options: PDFKit.Mixins.TextOptions) {
  runs.forEach((run, index) => {
    doc.font(fontFor(run)).text(printable(run.text), {
      ...options,
      continued: index < runs.length - 1,
    });
  });
}

function writeList(doc: PDFKit.PDFDocument, list: List, depth: number) {
  const left = doc.page.margins.left + depth * 16;
  const width = doc.page.width - doc.page.margins.right - left;
  list.children.forEach((item: ListItem, index) => {
    const marker = list.ordered ? `${(list.start ?? 1) + index}.` : "•";
    for (const child of item.children) {
      if (child.type === "paragraph") {
        // The marker starts the line; the item's text wraps under the same left edge.
        doc
          .font("Helvetica")
          .fontSize(10.5)
          .text(`${marker}  `, left, doc.y, { continued: true, width });
        writeRuns(doc, runsOf(child.children), { width, lineGap: 2 });
        doc.moveDown(0.2);
      } else if (child.type === "list") {
        writeList(doc, child, depth + 1);
      }
    }
  });
  doc.x = doc.page.margins.left;
  doc.moveDown(0.4);
}

function writeBlock(doc: PDFKit.PDFDocument, node: RootContent) {
  doc.x = doc.page.margins.left;
  switch (node.type) {
    case "heading":
      doc
        .moveDown(0.6)
        .fillColor("#111827")
        .fontSize(node.depth <= 2 ? 14 : 12);
      writeRuns(
        doc,
        runsOf(node.children).map((run) => ({ ...run, bold: true })),
        {},
      );
      doc.moveDown(0.3);
      break;
    case "paragraph":
      doc.fillColor("#1f2937").fontSize(10.5);
      writeRuns(doc, runsOf(node.children), { lineGap: 2, align: "left" });
      doc.moveDown(0.6);
      break;
    case "list":
      doc.fillColor("#1f2937");
      writeList(doc, node, 0);
      break;
    case "blockquote":
      for (const child of node.children) writeBlock(doc, child);
      break;
    case "thematicBreak":
      doc.moveDown(0.5);
      break;
    default:
      break;
  }
}

/**
 * A legal document as a printable A4 PDF: title, date, then its sections as text. pdfkit is
 * loaded with the first PDF, not with the server (issue 48).
 */
export async function legalPdf(source: LegalSource): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const tree = unified().use(remarkParse).use(remarkGfm).parse(source.markdown) as Root;
  const doc = new PDFDocument({
    size: "A4",
    margin: 56,
    info: { Title: source.title, Author: SITE_NAME, Subject: source.summary },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(20).fillColor("#4c1d95").text(printable(source.title));
  doc
    .moveDown(0.3)
    .font("Helvetica")
    .fontSize(10)
    .fillColor("#6b7280")
    .text(`${SITE_NAME} · Last updated ${formatDate(source.updated)}`);
  doc.moveDown(1);
  for (const node of tree.children) writeBlock(doc, node);
  doc.end();
  return done;
}
