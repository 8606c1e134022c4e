import bidiFactory, { type EmbeddingLevels } from "bidi-js";
import type { Glyph, GlyphRun } from "fontkit";
import {
  documentFonts,
  hanFormsOf,
  type DocumentFonts,
  type Face,
  type HanForms,
  type LoadedFont,
} from "./fonts";
import { marksOf } from "./marks";

/*
 * Text in a PDF as it was typed, in any script (issue 60): the invoices' and the legal
 * documents' one way to write. pdfkit embeds the fonts (subsets); this module does the rest:
 *
 * - each grapheme gets the first font that has it (fonts.ts), so a line is cut into runs of one
 *   font each;
 * - a paragraph's levels come from the Unicode bidirectional algorithm (bidi-js); each line is
 *   laid out in visual order, its right-to-left runs mirrored ("(" to ")") and shaped right to
 *   left by fontkit (Arabic letters joined, Devanagari vowel signs before their consonant);
 * - lines break at spaces and hyphens, and between words of scripts written without spaces
 *   (Chinese, Japanese, Thai: the words of Intl.Segmenter), never before closing punctuation;
 * - glyphs that do not read back as the characters they stand for are marked with them
 *   (/ActualText, marks.ts): what a reader copies and finds is the text as typed.
 */

const bidi = bidiFactory();

/** Text in one face: a paragraph may mix them (bold, italic). */
export type Span = Face & { text: string };

export type TextStyle = Face & {
  size: number;
  colour?: string;
  /** Space added under each line, in points. */
  lineGap?: number;
};

/** Where text goes: its left edge, width and alignment, and its language (for Han forms). */
export type TextBox = {
  x: number;
  width: number;
  align?: "left" | "right";
  lang?: string;
  /**
   * The paragraph's direction, when the document knows it: an English sentence that names
   * something in Arabic ("حزمة, valid 12 months") is left to right. Unset, the Unicode
   * bidirectional algorithm takes it from the first strong letter (a name on its own).
   */
  direction?: "ltr" | "rtl";
};

type Cluster = { start: number; end: number; font: LoadedFont };

/** One font, one direction: its text as typed, and as drawn (mirrored when right to left). */
type Run = {
  text: string;
  drawn: string;
  shaped: GlyphRun;
  font: LoadedFont;
  rtl: boolean;
  /** From the line's left edge. */
  x: number;
  width: number;
};

type Line = { runs: Run[]; width: number; ascent: number; height: number };

const DEFAULT_COLOUR = "#1f2937";

const isSpace = (text: string) =>
  /^[\t\n\v\f\r \u1680\u2000-\u2006\u2008-\u200a\u205f\u3000]+$/.test(text);
/** Scripts written without spaces between words, broken between any two of their words. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** What a line must not start with (closing marks, small kana) or end with (opening marks). */
const NO_BREAK_BEFORE =
  /^[\p{Pe}\p{Pf}\p{Po}ー々ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ]/u;
const NO_BREAK_AFTER = /[\p{Ps}\p{Pi}]$/u;
const HYPHEN = /^[-\u2010\u2013]$/;
const LETTER = /^\p{L}/u;
/** Right-to-left letters and the marks on them. */
const RTL_LETTER = new Set(["R", "AL", "NSM"]);

const scaled = (units: number, font: LoadedFont, size: number) =>
  (units / font.font.unitsPerEm) * size;

const textOf = (text: string, cluster: Cluster | undefined) =>
  cluster ? text.slice(cluster.start, cluster.end) : "";

/** A paragraph's graphemes, each with its span's face's font. */
function clustersOf(spans: Span[], box: TextBox, forms: HanForms, fonts: DocumentFonts) {
  const segmenter = new Intl.Segmenter(box.lang, { granularity: "grapheme" });
  const clusters: Cluster[] = [];
  let offset = 0;
  for (const span of spans) {
    for (const { segment, index } of segmenter.segment(span.text)) {
      const start = offset + index;
      clusters.push({
        start,
        end: start + segment.length,
        font: fonts.fontFor(segment, span, forms),
      });
    }
    offset += span.text.length;
  }
  return clusters;
}

/** The clusters a line may start at. */
function breaksOf(text: string, clusters: Cluster[], lang?: string): number[] {
  const at = (index: number) => textOf(text, clusters[index]);
  const breaks = new Set<number>();
  clusters.forEach((_, index) => {
    if (index === 0 || isSpace(at(index))) return;
    const before = at(index - 1);
    const hyphenated = HYPHEN.test(before) && LETTER.test(at(index - 2)) && LETTER.test(at(index));
    if (isSpace(before) || hyphenated) breaks.add(index);
  });
  const starts = new Map(clusters.map((cluster, index) => [cluster.start, index]));
  for (const { index } of new Intl.Segmenter(lang, { granularity: "word" }).segment(text)) {
    const cluster = starts.get(index);
    if (!cluster) continue;
    const before = at(cluster - 1);
    const after = at(cluster);
    if (
      (UNSPACED.test(before) || UNSPACED.test(after)) &&
      !isSpace(before) &&
      !NO_BREAK_BEFORE.test(after) &&
      !NO_BREAK_AFTER.test(before)
    ) {
      breaks.add(cluster);
    }
  }
  return [...breaks].sort((a, b) => a - b);
}

/** `text` shaped in `font`, in its direction, and its width. */
function shape(text: string, font: LoadedFont, rtl: boolean, size: number) {
  const shaped = font.font.layout(text, [], undefined, undefined, rtl ? "rtl" : "ltr");
  const advance = shaped.positions.reduce((sum, position) => sum + position.xAdvance, 0);
  return { shaped, width: scaled(advance, font, size) };
}

const isRtl = (levels: EmbeddingLevels, index: number) => levels.levels[index]! % 2 === 1;

/**
 * The width of clusters [from, to) laid out in the order typed, cut where the font or the
 * direction changes: close enough to choose where lines break.
 */
/** Widths already measured, in font units, by font and text (a document's words repeat). */
const advances = new WeakMap<LoadedFont, Map<string, number>>();

function advanceOf(text: string, font: LoadedFont, rtl: boolean) {
  let known = advances.get(font);
  if (!known) {
    known = new Map();
    advances.set(font, known);
  }
  const key = `${rtl ? "r" : "l"}${text}`;
  let advance = known.get(key);
  if (advance === undefined) {
    const { positions } = font.font.layout(text, [], undefined, undefined, rtl ? "rtl" : "ltr");
    advance = positions.reduce((sum, position) => sum + position.xAdvance, 0);
    known.set(key, advance);
  }
  return advance;
}

function measure(
  text: string,
  levels: EmbeddingLevels,
  clusters: Cluster[],
  [from, to]: [number, number],
  size: number,
) {
  let width = 0;
  let runStart = from;
  for (let index = from + 1; index <= to; index += 1) {
    const first = clusters[runStart]!;
    const next = index < to ? clusters[index] : undefined;
    const same =
      next?.font === first.font && isRtl(levels, next.start) === isRtl(levels, first.start);
    if (same) continue;
    const slice = text.slice(first.start, clusters[index - 1]!.end);
    width += scaled(advanceOf(slice, first.font, isRtl(levels, first.start)), first.font, size);
    runStart = index;
  }
  return width;
}

/** A line's ascent and height: the tallest of its fonts', as a browser's `line-height: normal`. */
function metricsOf(fonts: LoadedFont[], style: TextStyle) {
  const most = (units: (font: LoadedFont) => number) =>
    Math.max(...fonts.map((font) => scaled(units(font), font, style.size)));
  const ascent = most((font) => font.font.ascent);
  const height = ascent + most((font) => -font.font.descent) + most((font) => font.font.lineGap);
  return { ascent, height: height + (style.lineGap ?? 0) };
}

const emptyLine = (style: TextStyle, fonts: DocumentFonts): Line => ({
  runs: [],
  width: 0,
  ...metricsOf([fonts.primary(style)], style),
});

/** Clusters [from, to) as a line: its runs in visual order, shaped, placed, and its metrics. */
function lineOf(
  text: string,
  levels: EmbeddingLevels,
  clusters: Cluster[],
  [from, to]: [number, number],
  style: TextStyle,
  fonts: DocumentFonts,
): Line {
  let end = to;
  while (end > from && isSpace(textOf(text, clusters[end - 1]))) end -= 1;
  if (end === from) return emptyLine(style, fonts);
  const first = clusters[from]!.start;
  const last = clusters[end - 1]!.end;
  const fontAt = new Array<LoadedFont>(last);
  for (const cluster of clusters.slice(from, end)) {
    fontAt.fill(cluster.font, cluster.start, cluster.end);
  }
  // Runs of one font and level, left to right: indices climb in a left-to-right run and fall in
  // a right-to-left one, whose letters are kept apart from what is between them (spaces,
  // punctuation), so that marked text holds the letters of one direction.
  type Piece = { low: number; high: number; font: LoadedFont; rtl: boolean; letters: boolean };
  const pieces: Piece[] = [];
  for (const index of bidi.getReorderedIndices(text, levels, first, last - 1).slice(first, last)) {
    const rtl = isRtl(levels, index);
    const font = fontAt[index]!;
    const letters = rtl && RTL_LETTER.has(bidi.getBidiCharTypeName(text[index]!));
    const piece = pieces.at(-1);
    const joins =
      piece?.font === font &&
      piece.rtl === rtl &&
      piece.letters === letters &&
      (rtl ? piece.low - 1 : piece.high + 1) === index;
    if (!joins) pieces.push({ low: index, high: index, font, rtl, letters });
    else if (rtl) piece.low = index;
    else piece.high = index;
  }
  let x = 0;
  const runs = pieces.map(({ low, high, font, rtl }): Run => {
    const mirrored = rtl ? bidi.getMirroredCharactersMap(text, levels.levels, low, high) : null;
    let drawn = "";
    for (let index = low; index <= high; index += 1) drawn += mirrored?.get(index) ?? text[index];
    const run = {
      text: text.slice(low, high + 1),
      drawn,
      font,
      rtl,
      x,
      ...shape(drawn, font, rtl, style.size),
    };
    x += run.width;
    return run;
  });
  return { runs, width: x, ...metricsOf([...new Set(runs.map((run) => run.font))], style) };
}

/** A paragraph (no line ends) cut into lines of at most the box's width. */
function paragraphLines(spans: Span[], style: TextStyle, box: TextBox, fonts: DocumentFonts) {
  const text = spans.map((span) => span.text).join("");
  if (text === "") return [emptyLine(style, fonts)];
  const levels = bidi.getEmbeddingLevels(text, box.direction);
  const clusters = clustersOf(spans, box, hanFormsOf(text, box.lang), fonts);
  const isSpaceAt = (index: number) => isSpace(textOf(text, clusters[index]));
  const widthOf = (from: number, to: number) =>
    measure(text, levels, clusters, [from, to], style.size);
  const ranges: [number, number][] = [];
  let line: [number, number] | null = null;
  let lineWidth = 0;
  // Word by word (from one break to the next), each measured with and without its last spaces.
  const starts = [0, ...breaksOf(text, clusters, box.lang), clusters.length];
  for (let word = 0; word < starts.length - 1; word += 1) {
    const [from, to] = [starts[word]!, starts[word + 1]!];
    let inked = to;
    while (inked > from && isSpaceAt(inked - 1)) inked -= 1;
    const ink = widthOf(from, inked);
    const full = inked === to ? ink : ink + widthOf(inked, to);
    if (line && lineWidth + ink <= box.width) {
      line[1] = to;
      lineWidth += full;
      continue;
    }
    if (line) ranges.push(line);
    line = [from, from];
    lineWidth = 0;
    if (ink <= box.width) {
      line[1] = to;
      lineWidth = full;
      continue;
    }
    // A word wider than the box: cut between its graphemes.
    for (let cluster = from; cluster < to; cluster += 1) {
      const width = widthOf(cluster, cluster + 1);
      if (line[1] > line[0] && lineWidth + width > box.width && !isSpaceAt(cluster)) {
        ranges.push(line);
        line = [cluster, cluster];
        lineWidth = 0;
      }
      line[1] = cluster + 1;
      lineWidth += width;
    }
  }
  if (line) ranges.push(line);
  return ranges.map((range) => lineOf(text, levels, clusters, range, style, fonts));
}

/** Spans split at line ends into paragraphs. */
function paragraphsOf(spans: Span[]): Span[][] {
  const paragraphs: Span[][] = [[]];
  for (const span of spans) {
    span.text.split("\n").forEach((piece, index) => {
      if (index > 0) paragraphs.push([]);
      if (piece) paragraphs.at(-1)!.push({ ...span, text: piece });
    });
  }
  return paragraphs;
}

/** pdfkit's embedded font, as its text drawing uses it (not in its types): see drawLine. */
type EmbeddedFont = {
  /** Its name in the page's resources. */
  id: string;
  /**
   * Notes the glyphs of a run for the subset and for what they read back as, and answers their
   * ids (hexadecimal) and positions in thousandths of an em; the glyphs come from the font's
   * `layout` (fonts.ts: forPdfkit), handed `features`.
   */
  encode(
    text: string,
    features: unknown,
  ): [string[], { xAdvance: number; xOffset: number; yOffset: number; advanceWidth: number }[]];
  ref(): unknown;
};

/** A number as PDF content writes it: at most 3 decimals (a thousandth of a point). */
const decimal = (value: number) => String(Math.round(value * 1000) / 1000);

/** A text string as PDF writes one: UTF-16 (as JavaScript holds it) in hexadecimal, marked so. */
const textString = (text: string) =>
  `<FEFF${Array.from({ length: text.length }, (_, index) =>
    text.charCodeAt(index).toString(16).padStart(4, "0"),
  ).join("")}>`;

export type TextWriter = {
  /** The height of a line of Latin text in `style`: a unit of vertical space. */
  lineHeight(style: TextStyle): number;
  /** How tall `text` is when written in `box`. */
  heightOf(text: string | Span[], style: TextStyle, box: TextBox): number;
  /**
   * Writes `text` in `box` from `y` down, wrapping it within the box's width and going on at the
   * top of a new page when the page is full; answers the y under it.
   */
  write(text: string | Span[], style: TextStyle, box: TextBox, y: number): number;
};

/** The way to write text in `pdf`: its fonts are parsed and embedded as they are first used. */
export function textWriter(pdf: PDFKit.PDFDocument): TextWriter {
  const fonts = documentFonts();
  const registered = new Set<string>();

  const linesOf = (text: string | Span[], style: TextStyle, box: TextBox) => {
    const spans =
      typeof text === "string" ? [{ bold: style.bold, italic: style.italic, text }] : text;
    return paragraphsOf(spans).flatMap((paragraph) => paragraphLines(paragraph, style, box, fonts));
  };

  // What each glyph drawn reads back as: pdfkit maps a glyph (its ToUnicode) to the characters
  // fontkit first said it stood for in the document.
  const readAs = new Map<LoadedFont, Map<number, string>>();
  const readerOf = (font: LoadedFont) => {
    let glyphs = readAs.get(font);
    if (!glyphs) {
      glyphs = new Map();
      readAs.set(font, glyphs);
    }
    const known = glyphs;
    return (glyph: Glyph) => {
      let chars = known.get(glyph.id);
      if (chars === undefined) {
        chars = String.fromCodePoint(...glyph.codePoints);
        known.set(glyph.id, chars);
      }
      return chars;
    };
  };

  /** The operators that draw `run` with its left end at (x, y), y up from the page's foot. */
  const runOperators = (run: Run, x: number, y: number, size: number) => {
    if (!registered.has(run.font.name)) {
      // pdfkit takes a parsed font as well as a file (fonts.ts: forPdfkit); its types say files.
      pdf.registerFont(run.font.name, run.font.forPdfkit as unknown as PDFKit.Mixins.PDFFontSource);
      registered.add(run.font.name);
    }
    // pdfkit's own text() draws in one font per call, each in a graphics state of its own, so
    // /ActualText around it would be read where that state is gone. Its font is what it embeds.
    const font = (pdf.font(run.font.name) as unknown as { _font: EmbeddedFont })._font;
    pdf.page.fonts[font.id] ??= font.ref();
    const marks = marksOf(run, readerOf(run.font));
    const [glyphs, positions] = font.encode(run.drawn, run.shaped);
    const scale = size / 1000;
    const operators = [`/${font.id} ${decimal(size)} Tf`];
    // Glyphs go in TJ arrays, each followed by how far its advance differs from its width (in
    // thousandths of an em, the other way); a glyph moved off the pen (a mark) is placed alone.
    let pen = x;
    let shown: string[] = [];
    const show = () => {
      if (shown.length > 0) operators.push(`[${shown.join(" ")}] TJ`);
      shown = [];
    };
    const moveTo = (left: number, bottom: number) =>
      operators.push(`1 0 0 1 ${decimal(left)} ${decimal(bottom)} Tm`);
    moveTo(pen, y);
    let offPen = false;
    positions.forEach((position, index) => {
      const mark = marks.find(({ from }) => from === index);
      if (mark) {
        show();
        operators.push(`/Span <</ActualText ${textString(mark.text)}>> BDC`);
      }
      const glyph = `<${glyphs[index]}>`;
      if (position.xOffset || position.yOffset) {
        show();
        moveTo(pen + position.xOffset * scale, y + position.yOffset * scale);
        operators.push(`[${glyph}] TJ`);
        offPen = true;
      } else {
        if (offPen) {
          show();
          moveTo(pen, y);
          offPen = false;
        }
        shown.push(glyph);
        const kerning = position.xAdvance - position.advanceWidth;
        if (kerning) shown.push(decimal(-kerning));
      }
      pen += position.xAdvance * scale;
      if (marks.some(({ to }) => to === index + 1)) {
        show();
        operators.push("EMC");
      }
    });
    show();
    return operators;
  };

  return {
    lineHeight: (style) => emptyLine(style, fonts).height,
    heightOf: (text, style, box) =>
      linesOf(text, style, box).reduce((sum, line) => sum + line.height, 0),
    write(text, style, box, y) {
      pdf.fillColor(style.colour ?? DEFAULT_COLOUR);
      let top = y;
      for (const line of linesOf(text, style, box)) {
        if (top + line.height > pdf.page.maxY() && top > pdf.page.margins.top) {
          pdf.addPage();
          top = pdf.page.margins.top;
        }
        if (line.runs.length === 0) {
          top += line.height;
          continue;
        }
        const left = box.align === "right" ? box.x + box.width - line.width : box.x;
        const baseline = pdf.page.height - (top + line.ascent);
        const operators = line.runs.flatMap((run) =>
          runOperators(run, left + run.x, baseline, style.size),
        );
        // The page's content is drawn with y down (pdfkit's own transform): text goes in the
        // page's own coordinates, y up.
        pdf.addContent(
          ["q", `1 0 0 -1 0 ${decimal(pdf.page.height)} cm`, "BT", ...operators, "ET", "Q"].join(
            "\n",
          ),
        );
        top += line.height;
      }
      return top;
    },
  };
}
