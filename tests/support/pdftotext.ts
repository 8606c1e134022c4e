import { spawn } from "node:child_process";

/*
 * A PDF's text as poppler's pdftotext reads it (Debian's poppler-utils; scripts/test.sh installs
 * it): the reader of the PDF tools on most servers and Linux desktops, and one that takes the
 * text marked on glyphs (/ActualText) instead of the glyphs' own characters, as the PDF format
 * asks. pdf.js (tests/support/pdf-text.ts) does not, so shaped scripts read back from it as
 * glyphs: Devanagari's vowel signs before their consonants, Arabic letters without their dots.
 */

function pdftotext(pdf: Uint8Array, options: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("pdftotext", [...options, "-enc", "UTF-8", "-", "-"]);
    const out: Buffer[] = [];
    const errors: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => errors.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(Buffer.concat(out).toString("utf8"))
        : reject(new Error(`pdftotext: ${Buffer.concat(errors).toString()}`)),
    );
    child.stdin.end(pdf);
  });
}

/**
 * Each line of text as a reader copies it, in reading order, without the embedding marks
 * (U+202A to U+202E) pdftotext puts around right-to-left text for a terminal to show it.
 */
export async function textLines(pdf: Uint8Array): Promise<string[]> {
  const text = await pdftotext(pdf, []);
  return text
    .replace(/[\u202a-\u202e]/g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A word where it is drawn: its glyphs' characters left to right, and its box. */
export type PlacedWord = { text: string; xMin: number; yMin: number };

/** Every word of the first page and where it is drawn. */
export async function placedWords(pdf: Uint8Array): Promise<PlacedWord[]> {
  const html = await pdftotext(pdf, ["-bbox", "-l", "1"]);
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map(
    ([, xMin, yMin, text]) => ({ text: text!, xMin: Number(xMin), yMin: Number(yMin) }),
  );
}
