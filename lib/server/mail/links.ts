import { resolvePublicEnv } from "@/lib/env";
import { routes } from "@/lib/routes";
import { builtPublicEnv } from "../http/security-headers";

/*
 * Absolute links for mail: a message is read far from the site, so every link in it starts with
 * the site's public address (NEXT_PUBLIC_SITE_URL). Mail is rendered by the queue's worker,
 * which may run in the production server's own process, where Next.js has inlined nothing: the
 * address is read from the environment when it is set there, and otherwise is the one the
 * build was made with, which is what the pages' canonical links use.
 */

let built: string | undefined;

/** The site's public address, without a trailing slash: "https://creatorjobs.co". */
export function siteUrl(): string {
  const fromEnv = process.env.NEXT_PUBLIC_SITE_URL;
  if (fromEnv?.trim()) {
    return resolvePublicEnv({ NEXT_PUBLIC_SITE_URL: fromEnv }).NEXT_PUBLIC_SITE_URL;
  }
  // Read once: the build does not change under a running process.
  return (built ??= builtPublicEnv().NEXT_PUBLIC_SITE_URL);
}

/** A path on this site ("/jobs"), as an absolute URL. */
export function absoluteUrl(path: string): string {
  if (!path.startsWith("/")) throw new Error(`Not a path on this site: ${path}`);
  return `${siteUrl()}${path}`;
}

/** The candidate's list of jobs, where a digest's "and N more" leads. */
export const jobsUrl = () => absoluteUrl(routes.jobs);

/** The edit form of one of the employer's listings, at where the job can be done. */
export const listingPlaceUrl = (jobId: number) => absoluteUrl(routes.listingPlace(jobId));

/** The employer's listings, with this one highlighted; also where a listing is renewed. */
export const listingUrl = (jobId: number) => absoluteUrl(`${routes.listings}?listing=${jobId}`);

/** Where a candidate chooses what alerts they get, and how often. */
export const preferencesUrl = () => absoluteUrl(routes.preferences);

/** The page a person opens from the alert's footer: it confirms before it unsubscribes. */
export const unsubscribePageUrl = (token: string) =>
  absoluteUrl(`/unsubscribe?token=${encodeURIComponent(token)}`);

/** RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` here, with no page. */
export const unsubscribeOneClickUrl = (token: string) =>
  absoluteUrl(`/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
