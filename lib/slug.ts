/** How long a slug in a URL may grow: readable, and short enough to share. */
export const SLUG_MAX_LENGTH = 80;

/**
 * A slug as the server makes them (lib/server/slug.ts, plus a short suffix when one is taken):
 * words of lowercase letters (or letters of scripts without case: 株式会社クリエイト), marks and
 * digits, in NFC, joined by single hyphens. Links percent-encode the letters beyond ASCII.
 */
export const isSlug = (text: unknown): text is string =>
  typeof text === "string" &&
  text.length <= 100 &&
  /^[\p{Ll}\p{Lm}\p{Lo}\p{M}\p{N}]+(?:-[\p{Ll}\p{Lm}\p{Lo}\p{M}\p{N}]+)*$/u.test(text) &&
  text === text.normalize("NFC");
