import type { z } from "zod";
import type { HiringReport } from "@/features/reports/reports";
import type { quarterReportSchema } from "@/features/reports/schemas";

/** The figures of a quarterly hiring-trends report, as the report pages receive them. */
export type QuarterReport = z.output<typeof quarterReportSchema>;

/** One taxonomy entry's part of a quarter's roles; `share` is 0..1. */
export type Share = QuarterReport["by_department"][number];

/** Roles whose yearly USD midpoint is in [min, max); max null means no upper bound. */
export type SalaryBand = QuarterReport["salary"]["bands"][number];

/** What a report page shows: which report it is, its figures, and every report (oldest first). */
export type ReportRouteProps = {
  meta: HiringReport;
  report: QuarterReport;
  reports: HiringReport[];
};
