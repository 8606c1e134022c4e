import type { AnalyticsReport, AnalyticsTable } from "@/features/analytics/analytics-schemas";
import { csvLines } from "@/lib/server/csv";

/*
 * The dashboard's tables as CSV (lib/server/csv.ts: RFC 4180, a cell a spreadsheet would read
 * as a formula written after a quote mark): one file per table, its figures as the report has
 * them.
 */

type Cells = (string | number)[];

const ranked = (rows: AnalyticsReport["traffic"]["pages"], name: string): Cells[] => [
  [name, "visitors", "views", "previous_visitors"],
  ...rows.map((row) => [row.value, row.visitors, row.views, row.previous_visitors]),
];

const searchRows = (rows: AnalyticsReport["searches"]["top"]): Cells[] => [
  ["term", "searches", "visitors", "zero_results", "latest_results"],
  ...rows.map((row) => [row.term, row.searches, row.visitors, row.zero_results, row.results]),
];

/** One of the report's tables as CSV text. */
export function analyticsCsv(report: AnalyticsReport, table: AnalyticsTable): string {
  const { traffic, searches, funnel, audience } = report;
  switch (table) {
    case "days":
      return csvLines([
        ["day", "visitors", "views"],
        ...traffic.days.map((row) => [row.day, row.visitors, row.views]),
      ]);
    case "sources":
      return csvLines(ranked(traffic.sources, "source"));
    case "pages":
      return csvLines(ranked(traffic.pages, "page"));
    case "landings":
      return csvLines(ranked(traffic.landings, "landing"));
    case "devices":
      return csvLines(ranked(traffic.devices, "device"));
    case "searches":
      return csvLines(searchRows(searches.top));
    case "not-found":
      return csvLines(searchRows(searches.not_found));
    case "funnel":
      return csvLines([
        [
          funnel.by,
          "label",
          "listings",
          "views",
          "apply_clicks",
          "applications",
          "interviews",
          "hires",
          "median_days_to_first_application",
        ],
        ...[...funnel.rows, funnel.total].map((row) => [
          row.key === "" ? "total" : row.key,
          row.label,
          row.listings,
          row.views,
          row.apply_clicks,
          row.applications,
          row.interviews,
          row.hires,
          row.median_days_to_first_application ?? "",
        ]),
      ]);
    case "audience":
      return csvLines([
        ["day", "new_alerts", "alerts", "new_saved_searches", "saved_searches", "subscribers"],
        ...audience.days.map((row) => [
          row.day,
          row.new_alerts,
          row.alerts,
          row.new_saved_searches,
          row.saved_searches,
          row.subscribers,
        ]),
      ]);
  }
}

/** The CSV file's name: `analytics-pages-2026-11-17-2026-11-23.csv`. */
export const analyticsCsvName = (report: AnalyticsReport, table: AnalyticsTable) =>
  `analytics-${table}-${report.traffic.range.from}-${report.traffic.range.to}.csv`;
