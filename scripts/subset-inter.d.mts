/** The types of scripts/subset-inter.mjs, for the tests that import it. */
export type Face = {
  file: string;
  source: string;
  text: string;
  /** The @font-face's unicode-range in styles/globals.css, for a face not every page needs. */
  unicodeRange?: string;
};
export const WEIGHTS: { min: number; max: number };
export const FEATURES: string[];
export const FACES: Face[];
export function makeFace(face: Face): Promise<Buffer>;
