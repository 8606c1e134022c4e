import { DIRECT_SOURCE, EMBED_SOURCE } from "@/lib/model/analytics";
import { isEmbedPath } from "@/lib/routes";

/*
 * Where a visit came from, by the same rules on the server (the `referrer` figure of site_stats,
 * features/analytics/server/page-views.ts) and for an application's `source` (the head script
 * remembers the landing's source in sessionStorage, features/analytics/page-view-script.ts; the
 * apply form sends it, features/applications): the page's `utm_source` or `ref` when it has one, else the referrer's host
 * (lower case, without `www.`), else "direct". Browser-safe.
 */

/** Where a tab keeps the source of the visit it began with (sessionStorage: never a cookie). */
export const LANDING_SOURCE_KEY = "landing-source";

/** The longest source kept, in characters. */
export const SOURCE_MAX = 100;

/** A host (`news.ycombinator.com`, `例え.jp`) or a campaign's word (`newsletter`, `wiosna 2026`). */
const SOURCE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}._ -]*$/u;

/**
 * A source as counted: NFKC, lower case, trimmed, single spaces, without `www.`; null when it is
 * empty, longer than SOURCE_MAX or more than a host or a few words (punctuation, a URL, markup).
 */
export function normaliseSource(raw: string): string | null {
  const source = raw
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s+/gu, " ")
    .trim()
    .replace(/^www\./u, "");
  if (!source || [...source].length > SOURCE_MAX || !SOURCE_PATTERN.test(source)) return null;
  return source;
}

/**
 * The source of a page view: its campaign (`utm_source`, `ref`), the referrer's host, or "direct";
 * null when the referrer is the board itself (one of `ownHosts`): a move within the board, not a
 * visit; but a referrer that is the board's frame on an employer's careers page (/embed/…) is a
 * visit from there (EMBED_SOURCE, or the campaign the link carried). `showHost` turns a host into how it is typed (the server's url.domainToUnicode).
 */
export function sourceOf(
  view: { query: URLSearchParams; referrer: string | undefined; ownHosts: readonly string[] },
  showHost: (host: string) => string = (host) => host,
): string | null {
  let host = "";
  let framed = false;
  try {
    const referrer = view.referrer ? new URL(view.referrer) : null;
    host = referrer?.hostname.toLowerCase() ?? "";
    framed = referrer !== null && isEmbedPath(referrer.pathname);
  } catch {
    host = "";
  }
  const own = Boolean(host) && view.ownHosts.includes(host);
  // The board's own page, unless it is the frame on an employer's site: a visit from there.
  if (own && !framed) return null;
  const campaign = view.query.get("utm_source") ?? view.query.get("ref");
  const fromCampaign = campaign ? normaliseSource(campaign) : null;
  if (fromCampaign) return fromCampaign;
  if (own) return EMBED_SOURCE;
  return (host && normaliseSource(showHost(host))) || DIRECT_SOURCE;
}

/** In the browser: the source this tab's visit came from, as its first page remembered it. */
export function rememberedLandingSource(): string | undefined {
  try {
    return window.sessionStorage.getItem(LANDING_SOURCE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
