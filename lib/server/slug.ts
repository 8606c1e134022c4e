import latinSlug from "@sindresorhus/slugify";
import { SLUG_MAX_LENGTH } from "@/lib/slug";

/** Names keep their brands whole: YouTube is youtube, not you-tube. */
const latin = (text: string) => latinSlug(text, { decamelize: false });

const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });

/** Letters and digits no transliteration reaches: Japanese, Hebrew, Devanagari, Thai... */
const untransliterated = (grapheme: string) =>
  /[\p{L}\p{N}]/u.test(grapheme) && latin(grapheme) === "";

/** The longest start of `slug` within `maxLength`: whole words, else whole graphemes. */
function cut(slug: string, maxLength: number) {
  if (slug.length <= maxLength) return slug;
  const boundary = slug.slice(0, maxLength + 1).lastIndexOf("-");
  if (boundary > 0) return slug.slice(0, boundary);
  let kept = "";
  for (const { segment } of graphemes.segment(slug)) {
    if (kept.length + segment.length > maxLength) break;
    kept += segment;
  }
  return kept;
}

/**
 * A name as the readable part of a URL (issue 60): @sindresorhus/slugify's lowercase Latin words
 * joined by hyphens, transliterated (Łódź → lodz, Øresund → oresund, Straße → strasse, Москва →
 * moskva, and "&" is "and"). Where a name has letters no transliteration reaches, they keep their own: each
 * stretch of them is a word of the slug, lower-cased where its script has case, in NFC
 * (株式会社クリエイト stays so; クリエイト Inc. is クリエイト-inc). Cut at a word boundary.
 * Server-side only: its transliteration tables would add 6 kB to a page's scripts.
 */
export function slugify(text: string, maxLength = SLUG_MAX_LENGTH): string {
  const pieces: { native: boolean; text: string }[] = [];
  for (const { segment } of graphemes.segment(text.normalize("NFC"))) {
    const native = untransliterated(segment);
    const last = pieces.at(-1);
    if (last?.native === native) last.text += segment;
    else pieces.push({ native, text: segment });
  }
  const slug = pieces
    .map((piece) => (piece.native ? piece.text.toLowerCase() : latin(piece.text)))
    .filter(Boolean)
    .join("-");
  return cut(slug, maxLength);
}
