import type { GetServerSidePropsContext, GetServerSidePropsResult } from "next";
import type { JobBoardData } from "@/lib/job-types";
import { pageQuery } from "@/lib/page-params";
import { parseJobFilters } from "@/lib/schemas/job-filters";
import { getDatabase } from "../db";
import { PUBLIC_CACHE_CONTROL } from "../http/cache";
import { countJobsByDepartment, searchJobs } from "./jobs-service";

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
    searchJobs(db, parsed.data),
    options.withDepartmentCounts ? countJobsByDepartment(db) : Promise.resolve(null),
  ]);
  if (parsed.data.page > results.page_count) return { notFound: true };
  context.res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.list);
  return { props: { filters: parsed.data, results, departmentCounts } };
}
