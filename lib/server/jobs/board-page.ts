import type { GetServerSidePropsContext, GetServerSidePropsResult } from "next";
import type { JobBoardData } from "@/lib/job-types";
import { JOB_FILTER_PARAMS, parseJobFilters } from "@/lib/schemas/job-filters";
import { getDatabase } from "../db";
import { PUBLIC_CACHE_CONTROL } from "../http/cache";
import { countJobsByDepartment, searchJobs } from "./jobs-service";

/**
 * The data of a public job list (home and listing pages) from the URL's query. Bad filters and
 * pages past the end are 404s; the HTML may be shared by caches for a minute.
 */
export async function loadBoard(
  context: GetServerSidePropsContext,
  options: { withDepartmentCounts?: boolean } = {},
): Promise<GetServerSidePropsResult<JobBoardData>> {
  // The filter form sends every field; blank ones are dropped so each search has one URL.
  const url = new URL(context.resolvedUrl, "http://localhost");
  const blank = [...url.searchParams].filter(([, value]) => value === "").map(([key]) => key);
  if (blank.length > 0) {
    for (const key of blank) url.searchParams.delete(key);
    return { redirect: { destination: `${url.pathname}${url.search}`, permanent: false } };
  }
  // Pages ignore parameters they do not know (fbclid, utm_source...); the API rejects them.
  const known = Object.fromEntries(
    Object.entries(context.query).filter(([key]) => JOB_FILTER_PARAMS.includes(key)),
  );
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
