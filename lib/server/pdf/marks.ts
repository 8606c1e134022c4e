import type { Glyph, GlyphRun } from "fontkit";

/*
 * What a PDF's text reads back as (issue 60). A reader copying or searching text reads each
 * glyph's characters (the font's ToUnicode map, one entry per glyph in a document) in the order
 * the glyphs are drawn, and turns a right-to-left stretch around. That fails where shaping has
 * joined, split or moved glyphs: Noto Sans Arabic draws a dotted letter as its dotless form and
 * the dots (زايد's ز reads as ر), Devanagari draws the vowel sign ि before its consonant, a
 * mirrored bracket reads as the other one. Those glyphs are marked with the text they stand for
 * (/ActualText), which readers take instead.
 */

/** Glyphs [from, to) of a run, in the order drawn, and the text they stand for. */
export type Mark = { from: number; to: number; text: string };

type ShapedRun = {
  /** As typed. */
  text: string;
  rtl: boolean;
  /** Its glyphs, left to right. */
  shaped: GlyphRun;
};

/**
 * A right-to-left run's glyphs in the order typed, grouped by the characters they stand for: a
 * glyph that fontkit says stands for characters starts a group, and the glyphs it split off
 * (dots, marks: they stand for none) follow it. The groups that do not read back as their
 * characters are marked, each on its own, and on its first glyph alone when the pieces split off
 * read as nothing: a mark's text goes where its glyphs are, and a dot drawn over its letter would
 * stretch that place past the letter (a reader would see a space). Null when the groups do not
 * add up to the run's characters (fontkit keeps one list of characters per glyph and font, so a
 * glyph first seen as a split-off piece and later as a letter of its own is not told apart).
 */
function groupMarks({ text, shaped }: ShapedRun, read: (glyph: Glyph) => string): Mark[] | null {
  const count = shaped.glyphs.length;
  // Drawn left to right: the order typed is the other way.
  const typed = (index: number) => shaped.glyphs[count - 1 - index]!;
  const chars = [...text];
  const groups: { from: number; to: number; text: string }[] = [];
  let next = 0;
  for (let index = 0; index < count; index += 1) {
    const letters = typed(index).codePoints.length;
    if (letters > 0) {
      groups.push({ from: index, to: index + 1, text: chars.slice(next, next + letters).join("") });
      next += letters;
    } else if (groups.length > 0) {
      groups.at(-1)!.to = index + 1;
    } else {
      return null;
    }
  }
  if (next !== chars.length) return null;
  const readings = Array.from({ length: count }, (_, index) => read(typed(index)));
  return groups
    .filter(({ from, to, text: letters }) => readings.slice(from, to).join("") !== letters)
    .map(({ from, to, text: letters }) => {
      const end = readings.slice(from + 1, to).join("") === "" ? from + 1 : to;
      return { from: count - end, to: count - from, text: letters };
    });
}

/**
 * The glyphs of `run` to mark, given what each glyph reads back as in this document (`read`):
 * none when they read back as its text; in a right-to-left run, each group of glyphs that does
 * not (so that a mark holds one letter, and readers that turn the stretch around after putting
 * marked text in place turn nothing inside it); else the whole run. A run with marks placed
 * over the glyph before (Thai vowels, no advance of their own) is marked whole too: readers
 * that judge words by where glyphs fall take each for the start of another word.
 */
export function marksOf(run: ShapedRun, read: (glyph: Glyph) => string): Mark[] {
  const { text, rtl, shaped } = run;
  const reading = shaped.glyphs.map(read).join("");
  const overprinted = shaped.positions.some(
    (position) => !position.xAdvance && (position.xOffset || position.yOffset),
  );
  if (reading === (rtl ? [...text].reverse().join("") : text) && !overprinted) return [];
  const groups = rtl ? groupMarks(run, read) : null;
  return groups ?? [{ from: 0, to: shaped.glyphs.length, text }];
}
