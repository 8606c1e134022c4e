import { getLogo } from "@/lib/api/public-routes.generated";
import { pathPrefix, routePath } from "@/lib/api/paths";

/*
 * Company logos as the site serves them: uploaded, re-encoded to one size, and named by the
 * hash of their bytes, so an address always means the same picture and is cached for a year.
 */

/** Where a logo is served: /api/logos/{name} (the route getLogo). */
export const LOGO_PATH_PREFIX = pathPrefix(getLogo);

/** A logo's file name: the SHA-256 of its encoded bytes, in hex, and its format. */
export const LOGO_NAME_PATTERN = /^[0-9a-f]{64}\.webp$/;

/** Every stored logo is this many pixels square. */
export const LOGO_SIZE = 256;

/** The largest file an employer may upload. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** A logo's name is the hash of its bytes: what an address shows never changes. */
export const LOGO_CACHE_CONTROL = "public, max-age=31536000, immutable";

export const logoPath = (name: string) => routePath(getLogo, { name });

/**
 * The logo a page may show for a company's stored logo_url: only one uploaded here. An address
 * elsewhere (older listings gave one on the submission form) is not shown: next/image loads no
 * arbitrary host, and the server fetches no address a user typed.
 */
export function shownLogo(logoUrl: string | null | undefined): string | null {
  if (!logoUrl?.startsWith(LOGO_PATH_PREFIX)) return null;
  return LOGO_NAME_PATTERN.test(logoUrl.slice(LOGO_PATH_PREFIX.length)) ? logoUrl : null;
}

/** Marks a company logo's box (components/ui/company-logo.tsx). */
export const COMPANY_LOGO_ATTRIBUTE = "data-company-logo";

/** Set on the box once its logo has loaded: the initial beneath gives way to white. */
export const LOGO_LOADED_ATTRIBUTE = "data-loaded";

/**
 * In every page's head: marks a logo's box once its image has loaded (a load event does not
 * bubble, but is seen on its way down), whether the server's HTML or React drew it. In the
 * document, not in React, because a public page's scripts wait for the visitor's first touch.
 */
export const LOGO_LOADED_SCRIPT = `document.addEventListener("load",function(e){var b=e.target.parentElement;if(e.target.tagName==="IMG"&&b&&b.hasAttribute("${COMPANY_LOGO_ATTRIBUTE}"))b.setAttribute("${LOGO_LOADED_ATTRIBUTE}","")},true)`;
