/*
 * Company logos as the site serves them: uploaded, re-encoded to one size, and named by the
 * hash of their bytes, so an address always means the same picture and is cached for a year.
 */

/** Where a logo is served: /api/logos/{name}. */
export const LOGO_PATH_PREFIX = "/api/logos/";

/** A logo's file name: the SHA-256 of its encoded bytes, in hex, and its format. */
export const LOGO_NAME_PATTERN = /^[0-9a-f]{64}\.webp$/;

/** Every stored logo is this many pixels square. */
export const LOGO_SIZE = 256;

/** The largest file an employer may upload. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** A logo's name is the hash of its bytes: what an address shows never changes. */
export const LOGO_CACHE_CONTROL = "public, max-age=31536000, immutable";

export const logoPath = (name: string) => `${LOGO_PATH_PREFIX}${name}`;

/**
 * The logo a page may show for a company's stored logo_url: only one uploaded here. An address
 * elsewhere (older listings gave one on the submission form) is not shown: next/image loads no
 * arbitrary host, and the server fetches no address a user typed.
 */
export function shownLogo(logoUrl: string | null | undefined): string | null {
  if (!logoUrl?.startsWith(LOGO_PATH_PREFIX)) return null;
  return LOGO_NAME_PATTERN.test(logoUrl.slice(LOGO_PATH_PREFIX.length)) ? logoUrl : null;
}
