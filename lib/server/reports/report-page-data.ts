import type { GetServerSideProps } from "next";
import type { ReportRouteProps } from "@/lib/report-types";
import { findReport } from "@/lib/reports";
import { getDatabase } from "../db";
import { PUBLIC_CACHE_CONTROL } from "../http/cache";
import { computeQuarterReport } from "./report-service";

/**
 * A report page's data, computed from the board at request time and then served from the page
 * cache for an hour (and stale while it refreshes): as static as a prerendered page, without
 * needing the database while building.
 */
export const reportServerSideProps =
  (path: string): GetServerSideProps<ReportRouteProps> =>
  async ({ res }) => {
    const meta = findReport(path);
    const report = await computeQuarterReport(await getDatabase(), meta.quarter);
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.report);
    return { props: { meta, report } };
  };
