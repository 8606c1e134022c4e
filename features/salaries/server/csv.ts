import { csvLines } from "@/lib/server/csv";
import type { SalaryFigures, SalaryReport } from "../types";

/** The columns of a salary CSV: where each row's figures belong, then the figures in USD. */
export const SALARY_CSV_COLUMNS = [
  "department",
  "region",
  "type",
  "period",
  "listings",
  "p25_usd",
  "median_usd",
  "p75_usd",
  "low_usd",
  "high_usd",
] as const;

const cell = (value: string | number | null) => (value === null ? "" : String(value));

/**
 * A salary page's figures as CSV (RFC 4180, written as the applicants' CSV is: csvLines): the scope's last twelve months, each of its parts,
 * and each quarter, a row each. "all" stands for every department, region or type; a figure
 * built on too few listings is an empty cell.
 */
export function salaryCsv(report: SalaryReport): string {
  const where = { department: report.department ?? "all", region: report.region ?? "all" };
  const row = (
    at: { department: string; region: string; type: string; period: string },
    figures: SalaryFigures,
  ) =>
    [
      at.department,
      at.region,
      at.type,
      at.period,
      figures.listings,
      figures.p25,
      figures.median,
      figures.p75,
      figures.low,
      figures.high,
    ].map(cell);
  const lastYear = `last ${report.months} months`;
  const rows: string[][] = [[...SALARY_CSV_COLUMNS]];
  if (report.figures) rows.push(row({ ...where, type: "all", period: lastYear }, report.figures));
  for (const part of report.parts) {
    for (const entry of part.rows) {
      rows.push(row({ ...where, type: "all", period: lastYear, [part.by]: entry.slug }, entry));
    }
  }
  for (const quarter of report.quarters) {
    rows.push(row({ ...where, type: "all", period: quarter.quarter }, quarter));
  }
  return csvLines(rows);
}
