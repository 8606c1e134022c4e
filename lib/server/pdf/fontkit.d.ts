// fontkit ships JavaScript only: the part of its API lib/server/pdf uses.

declare module "fontkit" {
  export type Glyph = {
    id: number;
    /** The characters this glyph stands for (several for a ligature). */
    codePoints: number[];
    advanceWidth: number;
  };

  /** Where a glyph goes, in font units: how far it moves the pen, and its shift from there. */
  export type GlyphPosition = {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  };

  /** A shaped run: its glyphs in the order they are drawn, left to right. */
  export type GlyphRun = {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    advanceWidth: number;
  };

  export type Font = {
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    /**
     * Shapes `text`: substitutions and positions of the font's OpenType tables, for the script
     * (detected when not given) and direction (the script's when not given).
     */
    layout(
      text: string,
      features?: string[] | Record<string, boolean>,
      script?: string,
      language?: string,
      direction?: "ltr" | "rtl",
    ): GlyphRun;
  };

  /** A font from a file's bytes (TrueType, OpenType, WOFF, WOFF2). */
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
