import type { List, ListItem, PhrasingContent, Root, RootContent } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { formatDate } from "@/lib/format";
import { boardSettings } from "@/lib/board-settings";
import type { Span, TextStyle, TextWriter } from "@/lib/server/pdf/text";
import { pdfTools } from "@/lib/server/pdf/tools";
import type { LegalSource } from "./legal";

/*
 * A legal document as a printable A4 PDF: title, date, then its sections as text, written by
 * lib/server/pdf/text.ts (issue 60: every character as typed, in Noto fonts embedded as subsets,
 * where the built-in Helvetica dropped what WinAnsi lacks).
 */

const MARGIN = 56;
const PAGE_WIDTH = 595.28; // A4, in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const INDENT = 16;

const TITLE: TextStyle = { size: 20, bold: true, colour: "#4c1d95" };
const SUBTITLE: TextStyle = { size: 10, colour: "#6b7280" };
const HEADING: TextStyle = { size: 14, bold: true, colour: "#111827" };
const SUBHEADING: TextStyle = { ...HEADING, size: 12 };
const BODY: TextStyle = { size: 10.5, colour: "#1f2937", lineGap: 2 };

type Face = Pick<Span, "bold" | "italic">;

/** A paragraph's text as spans of one face each. */
function spansOf(nodes: PhrasingContent[], face: Face = {}): Span[] {
  return nodes.flatMap((node): Span[] => {
    switch (node.type) {
      case "text":
      case "inlineCode":
        return [{ text: node.value, ...face }];
      case "strong":
        return spansOf(node.children, { ...face, bold: true });
      case "emphasis":
        return spansOf(node.children, { ...face, italic: true });
      case "link":
        return spansOf(node.children, face);
      case "break":
        return [{ text: "\n", ...face }];
      default:
        return "children" in node ? spansOf(node.children as PhrasingContent[], face) : [];
    }
  });
}

/** Where the next block goes, and how text is written. */
type Flow = { text: TextWriter; y: number };

/** `lines` lines of `style`'s height down. */
const down = (flow: Flow, lines: number, style: TextStyle) => {
  flow.y += lines * flow.text.lineHeight(style);
};

function writeList(flow: Flow, list: List, depth: number) {
  const x = MARGIN + depth * INDENT;
  const box = { x, width: CONTENT_WIDTH - depth * INDENT };
  list.children.forEach((item: ListItem, index) => {
    const marker = list.ordered ? `${(list.start ?? 1) + index}.` : "•";
    for (const child of item.children) {
      if (child.type === "paragraph") {
        // The marker starts the line; the item's text wraps under the same left edge.
        const spans = [{ text: `${marker}  ` }, ...spansOf(child.children)];
        flow.y = flow.text.write(spans, BODY, box, flow.y);
        down(flow, 0.2, BODY);
      } else if (child.type === "list") {
        writeList(flow, child, depth + 1);
      }
    }
  });
  down(flow, 0.4, BODY);
}

function writeBlock(flow: Flow, node: RootContent) {
  const box = { x: MARGIN, width: CONTENT_WIDTH };
  switch (node.type) {
    case "heading": {
      const style = node.depth <= 2 ? HEADING : SUBHEADING;
      down(flow, 0.6, style);
      flow.y = flow.text.write(spansOf(node.children, { bold: true }), style, box, flow.y);
      down(flow, 0.3, style);
      break;
    }
    case "paragraph":
      flow.y = flow.text.write(spansOf(node.children), BODY, box, flow.y);
      down(flow, 0.6, BODY);
      break;
    case "list":
      writeList(flow, node, 0);
      break;
    case "blockquote":
      for (const child of node.children) writeBlock(flow, child);
      break;
    case "thematicBreak":
      down(flow, 0.5, BODY);
      break;
    default:
      break;
  }
}

/**
 * A legal document as a printable A4 PDF. pdfkit (and the text's fonts and their parser) is
 * loaded with the first PDF, not with the server (issue 48).
 */
export async function legalPdf(source: LegalSource): Promise<Buffer> {
  const { PDFDocument, textWriter } = await pdfTools();
  // The board's name as its owner set it: the caller refreshes the settings (lib/board-settings.ts).
  const { name } = boardSettings();
  const tree = unified().use(remarkParse).use(remarkGfm).parse(source.markdown) as Root;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: source.title, Author: name, Subject: source.summary },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const box = { x: MARGIN, width: CONTENT_WIDTH };
  const flow: Flow = { text: textWriter(doc), y: MARGIN };
  flow.y = flow.text.write(source.title, TITLE, box, flow.y);
  down(flow, 0.3, TITLE);
  const updated = `${name} · Last updated ${formatDate(source.updated)}`;
  flow.y = flow.text.write(updated, SUBTITLE, box, flow.y);
  down(flow, 1, SUBTITLE);
  for (const node of tree.children) writeBlock(flow, node);
  doc.end();
  return done;
}
