import { HIRING_REPORTS } from "@/lib/reports";
import { routes } from "@/lib/routes";
import { purgeCachedPages } from "../http/page-cache";

const LIST_PREFIXES = ["/departments/", "/regions/", "/types/", "/api/jobs", "/api/reports/"];
const REPORT_PATHS = new Set<string>(HIRING_REPORTS.map((report) => report.path));

/**
 * Drops from the page cache every page a job's publication (or withdrawal) changes: the home
 * page and the lists, the job's own page, the sitemap and the hiring reports' counts. The next
 * visitor gets them freshly rendered instead of waiting out s-maxage.
 */
export function forgetJobPages(jobId: number): number {
  const jobPage = routes.job(String(jobId));
  return purgeCachedPages(
    (path) =>
      path === routes.home ||
      path === "/sitemap.xml" ||
      path === jobPage ||
      path.startsWith(`${jobPage}-`) ||
      REPORT_PATHS.has(path) ||
      LIST_PREFIXES.some((prefix) => path.startsWith(prefix)),
  );
}
