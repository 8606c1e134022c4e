import type { GetServerSideProps, GetServerSidePropsContext, GetServerSidePropsResult } from "next";
import type { ServerResponse } from "node:http";
import type { ReportRouteProps } from "@/features/reports/types";
import {
  findReport,
  LATER_REPORT_PATH_PREFIX,
  listReports,
  reportByPath,
  type HiringReport,
} from "@/features/reports/reports";
import { getDatabase } from "@/lib/server/db";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { computeQuarterReport } from "./reports";

/**
 * A report page's data, computed from the board at request time and then served from the page
 * cache for an hour (and stale while it refreshes): as static as a prerendered page, without
 * needing the database while building. The list of reports is the one at request time too.
 */
async function reportProps(res: ServerResponse, meta: HiringReport, now: Date) {
  const report = await computeQuarterReport(await getDatabase(), meta.quarter);
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.report);
  return { props: { meta, report, reports: listReports(now) } };
}

/** One of the spec's seven reports, each with its own page file. */
export const reportServerSideProps =
  (path: string): GetServerSideProps<ReportRouteProps> =>
  async ({ res }) =>
    reportProps(res, findReport(path), new Date());

/**
 * A later quarter's report, /creator-economy-hiring-trends-report-q4-25 and on, which
 * next.config.ts rewrites to pages/reports/[quarter].tsx: not found until the quarter has
 * ended at `now`, and at the page's own path (/reports/q4-25) too, which only the rewrite should
 * reach.
 */
export async function laterReportPageData(
  { params, req, res }: GetServerSidePropsContext<{ quarter: string }>,
  now: Date = new Date(),
): Promise<GetServerSidePropsResult<ReportRouteProps>> {
  // req.url is the address asked for (Next.js restores it after rewriting); the page's data
  // URL (/_next/data/…/reports/q4-25.json), which the browser asks for after a rewrite, is fine.
  if (req.url?.startsWith("/reports/")) return { notFound: true };
  const meta = reportByPath(`${LATER_REPORT_PATH_PREFIX}${params?.quarter ?? ""}`, now);
  if (!meta) return { notFound: true };
  return reportProps(res, meta, now);
}
