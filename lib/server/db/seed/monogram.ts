import { LOGO_SIZE } from "@/lib/logos";
import { GLYPH_CAP_HEIGHT, MONOGRAM_GLYPHS } from "./monogram-glyphs";

/*
 * The sample companies' logos: monograms, the company's initials in Inter Bold on a coloured
 * square, rounded square or pale tile. The colour and the style follow from the name, so a
 * company looks the same on every board and machine, and two companies with the same initials,
 * colour and style share one picture (one stored file, as two uploads of one picture would).
 * Drawn as SVG paths, never as text: no font on the machine is needed.
 */

/** A solid colour for white initials, and a pale tint with a deep ink for the tile style. */
type Swatch = { solid: string; tint: string; ink: string };

// Tailwind's 700 shades (white on each is at least 4.5:1), with their 100 and 800 shades.
const SWATCHES: readonly Swatch[] = [
  { solid: "#4338ca", tint: "#e0e7ff", ink: "#3730a3" }, // indigo
  { solid: "#6d28d9", tint: "#ede9fe", ink: "#5b21b6" }, // violet
  { solid: "#a21caf", tint: "#fae8ff", ink: "#86198f" }, // fuchsia
  { solid: "#be185d", tint: "#fce7f3", ink: "#9d174d" }, // pink
  { solid: "#be123c", tint: "#ffe4e6", ink: "#9f1239" }, // rose
  { solid: "#c2410c", tint: "#ffedd5", ink: "#9a3412" }, // orange
  { solid: "#b45309", tint: "#fef3c7", ink: "#92400e" }, // amber
  { solid: "#047857", tint: "#d1fae5", ink: "#065f46" }, // emerald
  { solid: "#0f766e", tint: "#ccfbf1", ink: "#115e59" }, // teal
  { solid: "#0369a1", tint: "#e0f2fe", ink: "#075985" }, // sky
  { solid: "#1d4ed8", tint: "#dbeafe", ink: "#1e40af" }, // blue
  { solid: "#334155", tint: "#f1f5f9", ink: "#1e293b" }, // slate
];

export const MONOGRAM_STYLES = ["rounded", "square", "tile"] as const;
export type MonogramStyle = (typeof MONOGRAM_STYLES)[number];

/** What a monogram shows: one or two initials, a swatch (by index) and a style. */
export type Monogram = { initials: string; swatch: number; style: MonogramStyle };

/** FNV-1a: a small, stable hash of the name, for picking its colour and style. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The initials of a name: the first letter or digit of its first two words ("Bramble & Maple"
 * is BM), upper-cased; a one-word name made of two (`suffix`, "Clip" + "deck") has both
 * ("CD"). Only characters there is an outline for count.
 */
export function initialsOf(name: string, suffix?: string): string {
  const words = name.split(/\s+/).filter((word) => word.charAt(0).toUpperCase() in MONOGRAM_GLYPHS);
  const [only] = words;
  if (
    words.length === 1 &&
    only &&
    suffix &&
    only.length > suffix.length &&
    only.toLowerCase().endsWith(suffix.toLowerCase())
  ) {
    words.push(suffix);
  }
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .filter((initial) => initial in MONOGRAM_GLYPHS)
    .join("");
}

/**
 * A company's monogram, the same for the same initials (and so one picture, one stored file, for
 * all the companies that share them); null when its name has no initials.
 */
export function monogramFor(name: string, suffix?: string): Monogram | null {
  const initials = initialsOf(name, suffix);
  if (!initials) return null;
  const hash = hashOf(initials);
  return {
    initials,
    swatch: hash % SWATCHES.length,
    style: MONOGRAM_STYLES[(hash >>> 16) % MONOGRAM_STYLES.length]!,
  };
}

/** One string per distinct picture: equal keys draw the same SVG. */
export const monogramKey = ({ initials, swatch, style }: Monogram) =>
  `${initials}/${swatch}/${style}`;

const round = (value: number) => Math.round(value * 100) / 100;

/** The monogram as an SVG document, LOGO_SIZE pixels square. */
export function monogramSvg({ initials, swatch, style }: Monogram): string {
  const size = LOGO_SIZE;
  const colours = SWATCHES[swatch % SWATCHES.length]!;
  const glyphs = [...initials].map((initial) => MONOGRAM_GLYPHS[initial]!);
  // The ink's width, from the first glyph's left edge to the last one's right edge, with the
  // pair set a little tighter than the font's spacing.
  const tighten = glyphs.length > 1 ? 40 : 0;
  let pen = 0;
  const placed = glyphs.map((glyph, index) => {
    const x = pen - index * tighten;
    pen += glyph.advance;
    return { glyph, x };
  });
  const inkLeft = placed[0]!.x + placed[0]!.glyph.minX;
  const last = placed.at(-1)!;
  const inkWidth = last.x + last.glyph.maxX - inkLeft;
  // Capitals 44% of the tile high for one initial, 36% for two; never wider than 68% of it.
  const capShare = glyphs.length > 1 ? 0.36 : 0.44;
  const scale = Math.min((size * capShare) / GLYPH_CAP_HEIGHT, (size * 0.68) / inkWidth);
  const left = (size - inkWidth * scale) / 2 - inkLeft * scale;
  const baseline = (size + GLYPH_CAP_HEIGHT * scale) / 2;
  const paths = placed
    .map(
      ({ glyph, x }) =>
        `<path transform="translate(${round(left + x * scale)} ${round(baseline)}) scale(${round(scale * 10_000) / 10_000} ${-round(scale * 10_000) / 10_000})" d="${glyph.path}"/>`,
    )
    .join("");
  const background =
    style === "square"
      ? `<rect width="${size}" height="${size}" fill="${colours.solid}"/>`
      : style === "rounded"
        ? `<rect width="${size}" height="${size}" rx="56" fill="${colours.solid}"/>`
        : `<rect x="4" y="4" width="${size - 8}" height="${size - 8}" rx="56" fill="${colours.tint}" stroke="${colours.ink}" stroke-opacity="0.18" stroke-width="8"/>`;
  const ink = style === "tile" ? colours.ink : "#ffffff";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${background}<g fill="${ink}">${paths}</g></svg>`;
}
