import type { GetServerSidePropsContext, GetServerSidePropsResult } from "next";
import type { JobBoardData } from "@/features/jobs/types";
import { pageQuery } from "@/lib/page-params";
import { parseJobFilters } from "@/features/jobs/filter-schemas";
import { getDatabase, type Database } from "@/lib/server/db";
import { listCacheControl } from "@/lib/server/http/cache";
import { forgetListFacets, listFacets, searchJobBoard } from "./job-search";

/**
 * The home page's open roles per department: the list counts without filters, kept a minute
 * per process and dropped by any purge (job-search.ts), of which the list without filters says
 * its total. The home page's social card (features/og/server/page-card-data.ts) counts from the same
 * numbers.
 */
export async function countsByDepartment(db: Database): Promise<Record<string, number>> {
  return (await listFacets(db, {})).facets.department;
}

/** Drops the counted departments: the next home page counts afresh. */
export const forgetDepartmentCounts = forgetListFacets;

/** The job lists: the home page and the listing pages. */
export type BoardRoute = "/" | "/departments/[department]" | "/regions/[region]" | "/types/[type]";

/**
 * The data of a public job list (home and listing pages) from the URL's query. Bad filters and
 * pages past the end are 404s; the HTML may be shared by caches for a minute, never past the
 * hour's sponsored slots (listCacheControl).
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
  context.res.setHeader("Cache-Control", listCacheControl());
  return { props: { filters: parsed.data, results, departmentCounts } };
}
