import { routes } from "@/lib/routes";
import { purgeCachedPages, type Purge } from "@/lib/server/http/page-cache";

/**
 * Company pages are lists too: one job changes its company's page. The purge names them all by
 * prefix, as it does the department pages, because its callers know jobs by id only; the next
 * visitor of any company page gets it rendered afresh, which costs one company's jobs.
 */
const LIST_PREFIXES = [
  "/departments/",
  "/regions/",
  "/types/",
  "/companies/",
  // A company's listings as its own careers site shows them (issue 66): the frame and its JSON.
  "/embed/companies/",
  "/api/companies/",
  "/api/jobs",
  "/api/reports/",
  // Every hiring report, the spec's seven and the later quarters' (features/reports/reports.ts), and the
  // page those are rendered by, whose data URL client-side navigation fetches (/reports/q4-25).
  "/creator-economy-hiring-trends-report",
  "/reports/",
  // The child sitemaps (a job's file; the lists' and companies' lastmod) and the job feeds.
  "/sitemaps/",
  "/feeds/",
];
/** Past this many jobs, every job page goes, not each by name (a purge must stay small). */
const MAX_NAMED_JOBS = 20;

/**
 * The pages a job's publication, withdrawal or expiry changes: the home page and the lists (its
 * company's page among them), the job's own page (with or without its slug), the sitemaps, the
 * feeds and the hiring reports' counts.
 */
export function jobPagesPurge(jobIds: readonly number[]): Purge {
  const jobPages =
    jobIds.length > MAX_NAMED_JOBS ? [] : jobIds.map((jobId) => routes.job(String(jobId)));
  return {
    paths: [routes.home, "/sitemap.xml", ...jobPages],
    prefixes: [
      ...LIST_PREFIXES,
      ...(jobIds.length > MAX_NAMED_JOBS ? ["/jobs/"] : jobPages.map((page) => `${page}-`)),
    ],
  };
}

/**
 * Drops from the page cache, in every instance and at the CDN, every page a job's publication
 * (or withdrawal) changes. The next visitor gets them freshly rendered instead of waiting out
 * s-maxage. Returns how many pages this process dropped.
 */
export function forgetJobPages(jobId: number): number {
  return purgeCachedPages(jobPagesPurge([jobId]));
}
