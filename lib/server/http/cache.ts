import { secondsToNextRotation } from "@/lib/list-rotation";

/**
 * Cache-Control for public pages and API answers that are the same for every visitor. Shared
 * caches (the page cache in front of Next.js, a CDN) keep them for `s-maxage` seconds and may
 * serve them stale while they refresh in the background.
 */
export const PUBLIC_CACHE_CONTROL = {
  list: "public, s-maxage=60, stale-while-revalidate=600",
  job: "public, s-maxage=300, stale-while-revalidate=3600",
  sitemap: "public, s-maxage=3600, stale-while-revalidate=86400",
  /** People who opt out of the talent page leave shared caches within a minute. */
  talent: "public, s-maxage=30, stale-while-revalidate=30",
  /** A quarter's figures change only when a job of that quarter is edited or moderated. */
  report: "public, s-maxage=3600, stale-while-revalidate=86400",
  /** Legal documents change when an editor publishes a version, which purges them. */
  document: "public, s-maxage=86400, stale-while-revalidate=604800",
  /**
   * Pages Next.js prerenders without a data function (pricing, sign-in, the profile shells):
   * they change only with a deploy. Next.js sends them with no Cache-Control; the server adds
   * it. No stale-while-revalidate: browsers honour it too, and a day-old copy after a deploy
   * would ask for chunks that are gone.
   */
  staticPage: "public, s-maxage=3600",
  /**
   * The embed's web component (/embed.js, issue 66), loaded by other sites' pages: it changes
   * only with a deploy and fetches nothing of the build, so browsers keep it an hour too.
   */
  embedScript: "public, max-age=3600, s-maxage=3600, stale-while-revalidate=86400",
} as const;

/**
 * The Cache-Control of a job list (the board's lists, searches, company pages, /api/jobs): as
 * PUBLIC_CACHE_CONTROL.list, but no copy, stale or fresh, outlives the hour's sponsored slots
 * (lib/list-rotation.ts), so a page 2 kept from one hour is never shown beside the next hour's
 * page 1.
 */
export function listCacheControl(now: Date = new Date()): string {
  const left = secondsToNextRotation(now);
  const maxAge = Math.min(LIST_MAX_AGE, left);
  const stale = Math.min(LIST_STALE, left - maxAge);
  return `public, s-maxage=${maxAge}, stale-while-revalidate=${stale}`;
}

const LIST_MAX_AGE = 60;
const LIST_STALE = 600;

/**
 * Files of our own in public/ (the CV frame's, lib/cv-frame-files.ts). Those named by a
 * hash of their content never change: kept a year. A document naming them is asked again on
 * every view (a 304 when unchanged): a copy from before a deploy would name files that are gone.
 */
export const FILE_CACHE_CONTROL = {
  hashed: "public, max-age=31536000, immutable",
  document: "no-cache",
} as const;
