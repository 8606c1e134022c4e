import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { inflateSync } from "node:zlib";
import { create, type Font } from "fontkit";
import { LRUCache } from "lru-cache";

/*
 * The fonts PDFs are set in: Noto Sans (Latin, Cyrillic, Greek, Devanagari), then Noto Sans
 * Arabic, Hebrew, Devanagari and Thai, then the Japanese, Korean and Chinese families (SIL Open
 * Font License, from @fontsource). Each family comes split into files by unicode-range, as its CSS
 * describes them (the CJK ones in some 100 files of a few hundred characters each), so a
 * character is drawn from the first family with a file for it, and a document loads only the
 * files its text needs.
 */

/** A font's weight and slant. */
export type Face = { bold?: boolean; italic?: boolean };

/** Which forms Chinese characters take: Japanese, Korean or (simplified) Chinese. */
export type HanForms = "ja" | "ko" | "zh";

/** One font file: a part of a family, for the characters of its ranges. */
type FontFile = { path: string; ranges: Uint32Array };

/** A font as one document uses it: its name there, and what pdfkit is handed to embed it. */
export type LoadedFont = { name: string; font: Font; forPdfkit: Font };

const SCRIPT_FAMILIES = [
  "noto-sans",
  "noto-sans-arabic",
  "noto-sans-hebrew",
  "noto-sans-devanagari",
  "noto-sans-thai",
];

const HAN_FAMILIES: Record<HanForms, string> = {
  ja: "noto-sans-jp",
  ko: "noto-sans-kr",
  zh: "noto-sans-sc",
};

/** The families in the order a character is looked for, for text whose Han takes `forms`. */
const familiesFor = (forms: HanForms) => [
  ...SCRIPT_FAMILIES,
  ...[forms, ...(["ja", "zh", "ko"] as const).filter((other) => other !== forms)].map(
    (each) => HAN_FAMILIES[each],
  ),
];

/**
 * Japanese when the text has kana, Korean when it has hangul, else the language's (a BCP 47
 * tag, e.g. the buyer's country's), else Chinese: the same character differs in shape between
 * the three, and a Japanese name in Chinese forms reads as foreign.
 */
export function hanFormsOf(text: string, lang?: string): HanForms {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return "ja";
  if (/\p{Script=Hangul}/u.test(text)) return "ko";
  const language = lang?.split("-")[0]?.toLowerCase();
  return language === "ja" || language === "ko" ? language : "zh";
}

// The packages are found at run time from the app's folder: Next's server bundles and the
// esbuild-bundled server (CommonJS, without import.meta) all run there. next.config.ts traces
// the files into the build's output.
const resolve = createRequire(join(process.cwd(), "package.json")).resolve;

const FACE_RULE =
  /url\(\.\/files\/([\w.-]+\.woff)\) format\('woff'\);\s*unicode-range:\s*([^;]+);/g;

/** "U+0000-00FF,U+0131" as [0x0, 0xff, 0x131, 0x131]. */
function parseRanges(text: string): Uint32Array {
  const bounds = text.split(",").flatMap((range) => {
    const [from, to = from] = range.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from!, 16), parseInt(to!, 16)];
  });
  if (bounds.some(Number.isNaN)) throw new Error(`Unreadable unicode-range: ${text}`);
  return Uint32Array.from(bounds);
}

/**
 * A family's files for `face`, most wanted first: a browser tries overlapping unicode-ranges of
 * one family from the last rule up, and @fontsource puts each family's main file last. Families
 * without italics (all but Noto Sans) lend their upright face, as browsers do for CJK.
 */
function readFamily(family: string, { bold, italic }: Face): FontFile[] {
  const weight = bold ? "700" : "400";
  let css: string;
  try {
    css = readFileSync(
      resolve(`@fontsource/${family}/${weight}${italic ? "-italic" : ""}.css`),
      "utf8",
    );
  } catch (error) {
    if (!italic) throw error;
    return familyFiles(family, { bold });
  }
  const folder = join(dirname(resolve(`@fontsource/${family}/package.json`)), "files");
  return [...css.matchAll(FACE_RULE)]
    .map(([, file, ranges]) => ({ path: join(folder, file!), ranges: parseRanges(ranges!) }))
    .reverse();
}

const families = new Map<string, FontFile[]>();

function familyFiles(family: string, face: Face): FontFile[] {
  const key = `${family} ${face.bold ? 700 : 400}${face.italic ? " italic" : ""}`;
  let files = families.get(key);
  if (!files) {
    files = readFamily(family, face);
    families.set(key, files);
  }
  return files;
}

const inRanges = (ranges: Uint32Array, codePoint: number) => {
  for (let index = 0; index < ranges.length; index += 2) {
    if (codePoint >= ranges[index]! && codePoint <= ranges[index + 1]!) return true;
  }
  return false;
};

/**
 * A WOFF file as the OpenType font it wraps, its tables inflated (WOFF 1.0: a zlib stream per
 * table) by Node's zlib: fontkit would inflate each table in JavaScript, 4 times slower.
 */
function sfntOf(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const [tag, offset, stored, length, checksum] = [0, 4, 8, 12, 16].map((field) =>
      woff.readUInt32BE(entry + field),
    ) as [number, number, number, number, number];
    const bytes = woff.subarray(offset, offset + stored);
    return { tag, checksum, data: stored < length ? inflateSync(bytes) : bytes };
  });
  const headerLength = 12 + 16 * count;
  const padded = (length: number) => (length + 3) & ~3;
  const sfnt = Buffer.alloc(
    tables.reduce((sum, { data }) => sum + padded(data.length), headerLength),
  );
  const power = 2 ** Math.floor(Math.log2(count));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0); // the wrapped font's own version (flavor)
  sfnt.writeUInt16BE(count, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE((count - power) * 16, 10);
  let offset = headerLength;
  tables.forEach(({ tag, checksum, data }, index) => {
    const record = 12 + 16 * index;
    sfnt.writeUInt32BE(tag, record);
    sfnt.writeUInt32BE(checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(data.length, record + 12);
    data.copy(sfnt, offset);
    offset += padded(data.length);
  });
  return sfnt;
}

/** A font parsed once, and what pdfkit is handed to embed it. */
type ParsedFont = { font: Font; forPdfkit: Font; bytes: number };

/**
 * What pdfkit embeds with: it takes any object with a `layout` as a font, and calls that with
 * the `features` its caller gave. The text module shapes each run itself (in its direction,
 * which pdfkit would not give) and hands pdfkit the glyphs it shaped as those `features`.
 */
const forPdfkit = (font: Font): Font =>
  Object.assign(Object.create(font) as Font, {
    layout: (_text: string, shaped: unknown) => shaped,
  });

/**
 * Parsed fonts, kept for the next document up to a bound on the memory they hold: a font keeps
 * its bytes (inflated) and, as it is used, its tables and shaping rules, some 3 to 12 times its
 * bytes (measured: Devanagari's 170 kB hold 2 MB). A CJK document needs 5 to 30 files of 30 to
 * 100 kB, Arabic 300 kB.
 */
const PARSED_FONTS_KEPT = 16 * 1024 * 1024;
const HELD_PER_BYTE = 8;
const parsedFonts = new LRUCache<string, ParsedFont>({
  maxSize: PARSED_FONTS_KEPT,
  sizeCalculation: ({ bytes }) => HELD_PER_BYTE * bytes,
});

function parsed(path: string): ParsedFont {
  let font = parsedFonts.get(path);
  if (!font) {
    const bytes = sfntOf(readFileSync(path));
    const parsedFont = create(bytes);
    font = { font: parsedFont, forPdfkit: forPdfkit(parsedFont), bytes: bytes.length };
    parsedFonts.set(path, font);
  }
  return font;
}

/**
 * fontkit keeps, per font, the glyphs it made, each with the characters it first stood for: a
 * glyph shaping makes for two letters (Arabic's dotless body of ر and ز) keeps the first.
 * pdfkit writes those as what the glyph reads back as (ToUnicode), so a document starts them
 * afresh, or its bytes would depend on the documents drawn before it. A document is drawn in
 * one go (pdfkit is synchronous), so none draws while another has begun.
 */
const forgetGlyphs = (font: Font) => {
  (font as unknown as { _glyphs: object })._glyphs = {};
};

/** Characters a font need not have: joiners and variation selectors steer, and draw nothing. */
const IGNORABLE = /[\u200b-\u200f\u2060-\u206f\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;

export type DocumentFonts = {
  /**
   * The font of the first family with a file that has every character of `cluster` (one
   * grapheme: a letter and its marks), the one a browser would pick from the families' CSS;
   * when none has it, Noto Sans's main file, which draws its "missing" box.
   */
  fontFor(cluster: string, face: Face, forms: HanForms): LoadedFont;
  /** Noto Sans's main file: its metrics give an empty line its height. */
  primary(face: Face): LoadedFont;
};

/** The fonts of one document, each loaded when its first character needs it. */
export function documentFonts(): DocumentFonts {
  const loaded = new Map<string, LoadedFont>();
  const load = (path: string) => {
    let font = loaded.get(path);
    if (!font) {
      const shared = parsed(path);
      forgetGlyphs(shared.font);
      const name = path.slice(path.lastIndexOf("/") + 1, -".woff".length);
      font = { name, font: shared.font, forPdfkit: shared.forPdfkit };
      loaded.set(path, font);
    }
    return font;
  };
  const chosen = new Map<string, LoadedFont>();
  const primary = (face: Face) => load(familyFiles(SCRIPT_FAMILIES[0]!, face)[0]!.path);

  function pick(cluster: string, face: Face, forms: HanForms) {
    const codePoints = [...cluster.replace(IGNORABLE, "")].map((char) => char.codePointAt(0)!);
    const first = codePoints[0] ?? cluster.codePointAt(0)!;
    for (const family of familiesFor(forms)) {
      for (const file of familyFiles(family, face)) {
        if (!inRanges(file.ranges, first)) continue;
        const font = load(file.path);
        if (codePoints.every((codePoint) => font.font.hasGlyphForCodePoint(codePoint))) {
          return font;
        }
      }
    }
    return primary(face);
  }

  return {
    primary,
    fontFor(cluster, face, forms) {
      const key = `${face.bold ? "b" : ""}${face.italic ? "i" : ""}${forms} ${cluster}`;
      let font = chosen.get(key);
      if (!font) {
        font = pick(cluster, face, forms);
        chosen.set(key, font);
      }
      return font;
    },
  };
}
