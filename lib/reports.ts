/** The quarterly hiring-trends reports, oldest first; the spec fixes their routes. */
export const HIRING_REPORTS = [
  { path: "/creator-economy-hiring-trends-report", quarter: "Q1 2024" },
  { path: "/creator-economy-hiring-trends-report-q2", quarter: "Q2 2024" },
  { path: "/creator-economy-hiring-trends-report-q3", quarter: "Q3 2024" },
  { path: "/creator-economy-hiring-trends-report-q4", quarter: "Q4 2024" },
  { path: "/creator-economy-hiring-trends-report-q1-25", quarter: "Q1 2025" },
  { path: "/creator-economy-hiring-trends-report-q2-25", quarter: "Q2 2025" },
  { path: "/creator-economy-hiring-trends-report-q3-25", quarter: "Q3 2025" },
] as const;

export type HiringReport = (typeof HIRING_REPORTS)[number];

export const LATEST_HIRING_REPORT: HiringReport = HIRING_REPORTS[HIRING_REPORTS.length - 1]!;

export function reportTitle(report: HiringReport): string {
  return `Creator Economy Hiring Trends Report ${report.quarter}`;
}

export function findReport(path: string): HiringReport {
  const report = HIRING_REPORTS.find((candidate) => candidate.path === path);
  if (!report) throw new Error(`No hiring report at ${path}`);
  return report;
}
