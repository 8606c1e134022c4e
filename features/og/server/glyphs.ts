/*
 * The characters the card fonts (Inter latin and latin-ext, 400 and 700) draw. Satori asks a
 * font service on the internet for any glyph its fonts lack (and emoji from a CDN): a card never
 * sends it one, so a server never calls out while drawing, and a title in a script the fonts do
 * not have loses those characters rather than waiting on the network.
 *
 * Read from the fonts' cmap tables (every code point that both weights have a glyph for), with
 * fontkit, when the font files were added:
 *   const has = (fonts, c) => fonts.some((font) => font.hasGlyphForCodePoint(c));
 */
const COVERED: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xac],
  [0xae, 0x148],
  [0x14a, 0x1c3],
  [0x1c5, 0x254],
  [0x256, 0x27b],
  [0x27e, 0x284],
  [0x286, 0x290],
  [0x292, 0x2a4],
  [0x2a6, 0x2cc],
  [0x2ce, 0x2d7],
  [0x2da, 0x2da],
  [0x2dc, 0x301],
  [0x303, 0x304],
  [0x308, 0x309],
  [0x323, 0x323],
  [0x1e00, 0x1e9b],
  [0x1e9d, 0x1e9f],
  [0x1ef2, 0x1eff],
  [0x2002, 0x2002],
  [0x2009, 0x2009],
  [0x2013, 0x2014],
  [0x2018, 0x201a],
  [0x201c, 0x201e],
  [0x2020, 0x2020],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x2032, 0x2033],
  [0x2039, 0x203a],
  [0x2044, 0x2044],
  [0x20a0, 0x20af],
  [0x20b1, 0x20b5],
  [0x20b8, 0x20ba],
  [0x20bc, 0x20bf],
  [0x2113, 0x2113],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
];

const covered = (codePoint: number) =>
  COVERED.some(([first, last]) => codePoint >= first && codePoint <= last);

/** Characters the fonts lack that read the same as one they have. */
const STAND_INS: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "–",
  "\u2015": "—",
  "\u201b": "'",
  "\u201f": '"',
};

/**
 * `text` as the card fonts can draw it: composed (NFC), every kind of space one space, look-alike
 * dashes and quotes swapped for ones the fonts have, and anything else they lack (emoji, other
 * scripts, control characters) left out.
 */
export function drawableText(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    if (/\s/u.test(char)) out += " ";
    else if (STAND_INS[char]) out += STAND_INS[char];
    else if (covered(char.codePointAt(0)!)) out += char;
  }
  return out.replace(/ {2,}/g, " ").trim();
}

/** `text` cut to at most `max` characters, at a word when it can be, with an ellipsis. */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, "")}…`;
}
