import type { default as Sharp } from "sharp";

/**
 * sharp (libvips), imported with the first image a request needs: a logo or picture upload, or
 * the sample board's logos. (A social card's logo is decoded on the card drawer's thread without
 * it: features/og/server/logo-png.ts.) Loading it at start held 15–25 MB of native code and
 * threads in every server process that may never need it (issue 48). libvips' operation cache (up to 50 MB by default)
 * is turned off: no image is worked on twice, so it would only keep the last ones in memory.
 */
export async function loadSharp(): Promise<typeof Sharp> {
  const { default: sharp } = await import("sharp");
  sharp.cache(false);
  return sharp;
}
