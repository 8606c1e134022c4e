import type { GetServerSidePropsContext, GetServerSidePropsResult } from "next";
import type { JobBoardData } from "@/lib/jobs/types";
import { pageQuery } from "@/lib/page-params";
import { parseJobFilters } from "@/lib/jobs/filter-schemas";
import { getDatabase, type Database } from "../db";
import { PUBLIC_CACHE_CONTROL } from "../http/cache";
import { onPurge, purgeMatches } from "../http/page-cache";
import { routes } from "@/lib/routes";
import { searchJobBoard } from "./job-search";
import { countJobsByDepartment } from "./jobs-service";

/**
 * The home page's open roles per department. Counting them reads every listed job, so it is
 * done at most once a minute per process (the page's own shared-cache lifetime) instead of on
 * every render; a purge of the job lists drops it, so a newly published job counts at once. The
 * home page's social card (lib/server/og/page-card-data.ts) counts from the same numbers.
 */
const COUNTS_LIFETIME_MS = 60_000;
// Held on globalThis: the pages and the API routes are separate bundles, each with its own copy
// of this module, and a purge from an API route must reach the copy the home page uses.
const COUNTS = Symbol.for("creator-jobs.department-counts");
type Counted = { countedAt: number; counts: Promise<Record<string, number>> };
const store = globalThis as typeof globalThis & { [COUNTS]?: Counted };

export function countsByDepartment(db: Database): Promise<Record<string, number>> {
  const now = Date.now();
  let counted = store[COUNTS];
  if (!counted || now - counted.countedAt > COUNTS_LIFETIME_MS) {
    const counts = countJobsByDepartment(db);
    counted = store[COUNTS] = { countedAt: now, counts };
    // A failed count is not kept: the next render asks again.
    counts.catch(() => {
      if (store[COUNTS]?.counts === counts) store[COUNTS] = undefined;
    });
  }
  return counted.counts;
}

/** Drops the counted departments: the next home page counts afresh. */
export function forgetDepartmentCounts(): void {
  store[COUNTS] = undefined;
}

// A purge of the home page (a job published, withdrawn or expired, in any process) drops them.
onPurge((purge) => {
  if (purgeMatches(purge, routes.home)) forgetDepartmentCounts();
});

/** The job lists: the home page and the listing pages. */
export type BoardRoute = "/" | "/departments/[department]" | "/regions/[region]" | "/types/[type]";

/**
 * The data of a public job list (home and listing pages) from the URL's query. Bad filters and
 * pages past the end are 404s; the HTML may be shared by caches for a minute.
 */
export async function loadBoard(
  route: BoardRoute,
  context: GetServerSidePropsContext,
  options: { withDepartmentCounts?: boolean } = {},
): Promise<GetServerSidePropsResult<JobBoardData>> {
  // Pages ignore parameters they do not read (fbclid, utm_source...); the API rejects them.
  const known = pageQuery(route, context.query);
  // The filter form sends every field; blank ones are dropped so each search has one URL.
  const blank = Object.keys(known).filter((key) => known[key as keyof typeof known] === "");
  if (blank.length > 0) {
    const url = new URL(context.resolvedUrl, "http://localhost");
    for (const key of blank) url.searchParams.delete(key);
    return { redirect: { destination: `${url.pathname}${url.search}`, permanent: false } };
  }
  const parsed = parseJobFilters(known);
  if (!parsed.ok) return { notFound: true };
  const db = await getDatabase();
  const [results, departmentCounts] = await Promise.all([
    searchJobBoard(db, parsed.data),
    options.withDepartmentCounts ? countsByDepartment(db) : Promise.resolve(null),
  ]);
  if (parsed.data.page > results.page_count) return { notFound: true };
  context.res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.list);
  return { props: { filters: parsed.data, results, departmentCounts } };
}
