import { ReportPage } from "@/features/reports/components/report-page";
import type { GetServerSideProps } from "next";
import type { ReportRouteProps } from "@/features/reports/types";
import { laterReportPageData } from "@/features/reports/server/report-page-data";

/**
 * The reports of quarters after the spec's seven, at /creator-economy-hiring-trends-report-q4-25
 * and on: next.config.ts rewrites those paths here (see features/reports/reports.ts).
 */
export const getServerSideProps: GetServerSideProps<ReportRouteProps, { quarter: string }> = (
  context,
) => laterReportPageData(context);

export default ReportPage;
