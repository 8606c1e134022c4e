import type { TextContent } from "pdfjs-dist/types/src/display/api";

/** The text items joined into lines, where the PDF ends them; empty lines dropped. */
export function textLines(content: TextContent): string[] {
  const lines: string[] = [];
  let line = "";
  for (const item of content.items) {
    if (!("str" in item)) continue;
    line += item.str;
    if (item.hasEOL) {
      lines.push(line);
      line = "";
    }
  }
  lines.push(line);
  return lines.map((text) => text.replace(/\s+/g, " ").trim()).filter(Boolean);
}
