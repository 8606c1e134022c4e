import { LOGO_SIZE } from "@/lib/logos/logos";
import { GLYPH_CAP_HEIGHT, MONOGRAM_GLYPHS } from "./monogram-glyphs";

/*
 * The sample companies' logos: monograms, the company's initial in white Inter Bold on a solid
 * coloured rounded square, square or circle (unlike the pale tile the pages show for a company
 * without a logo). The colour and the shape follow from the name, so a company looks the same on
 * every board and machine, and companies with the same initial, colour and shape share one
 * picture (one stored file, as two uploads of one picture would). Drawn as SVG paths, never as
 * text: no font on the machine is needed. The drawing also takes two initials.
 */

/** Tailwind's 700 shades, for white initials: white on each is at least 4.5:1. */
const SWATCHES: readonly string[] = [
  "#4338ca", // indigo
  "#6d28d9", // violet
  "#a21caf", // fuchsia
  "#be185d", // pink
  "#be123c", // rose
  "#c2410c", // orange
  "#b45309", // amber
  "#047857", // emerald
  "#0f766e", // teal
  "#0369a1", // sky
  "#1d4ed8", // blue
  "#334155", // slate
];

export const MONOGRAM_STYLES = ["rounded", "square", "circle"] as const;
export type MonogramStyle = (typeof MONOGRAM_STYLES)[number];

/** What a monogram shows: one (or two) initials, a swatch (by index) and a style. */
export type Monogram = { initials: string; swatch: number; style: MonogramStyle };

/** FNV-1a with MurmurHash3's final mix: a small, stable, well-spread hash of a text. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/**
 * How many looks (a colour and a shape) each initial comes in. Every distinct picture is one
 * encoding when the board is seeded (about 10 ms of CPU each): the board's 24 initials in 4
 * looks are under 100 pictures, where two initials would be some 260.
 */
export const LOOKS_PER_INITIAL = 4;

/** A name's initial: its first letter or digit, upper-cased; "" when it has none we can draw. */
export function initialOf(name: string): string {
  for (const character of name.toUpperCase()) if (character in MONOGRAM_GLYPHS) return character;
  return "";
}

/**
 * A company's monogram: its initial in one of that initial's looks, picked by the whole name, so
 * companies sharing an initial mostly differ, and each look is one picture (one stored file) for
 * every company that has it. Null when the name has no initial to draw.
 */
export function monogramFor(name: string): Monogram | null {
  const initials = initialOf(name);
  if (!initials) return null;
  const look = hashOf(`${initials}${hashOf(name) % LOOKS_PER_INITIAL}`);
  return {
    initials,
    swatch: look % SWATCHES.length,
    style: MONOGRAM_STYLES[(look >>> 16) % MONOGRAM_STYLES.length]!,
  };
}

/** One string per distinct picture: equal keys draw the same SVG. */
export const monogramKey = ({ initials, swatch, style }: Monogram) =>
  `${initials}/${swatch}/${style}`;

const round = (value: number) => Math.round(value * 100) / 100;

/** The monogram as an SVG document, LOGO_SIZE pixels square. */
export function monogramSvg({ initials, swatch, style }: Monogram): string {
  const size = LOGO_SIZE;
  const colour = SWATCHES[swatch % SWATCHES.length]!;
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
  // Font units to pixels, y flipped: font outlines go up from the baseline, SVG goes down.
  const factor = Math.round(scale * 1e6) / 1e6;
  const paths = placed
    .map(
      ({ glyph, x }) =>
        `<path transform="translate(${round(left + x * scale)} ${round(baseline)}) scale(${factor} ${-factor})" d="${glyph.path}"/>`,
    )
    .join("");
  const background =
    style === "square"
      ? `<rect width="${size}" height="${size}" fill="${colour}"/>`
      : style === "rounded"
        ? `<rect width="${size}" height="${size}" rx="56" fill="${colour}"/>`
        : `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="${colour}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${background}<g fill="#ffffff">${paths}</g></svg>`;
}
