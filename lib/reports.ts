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

/** Spec §9: what the hiring-report blurbs say of the board. */
export const REPORT_BLURB = {
  openRoles: "1,250+",
  companies: "750+",
  tools: "1000+",
} as const;

export const REPORT_BLURB_TEXT = `The board lists ${REPORT_BLURB.openRoles} open roles at ${REPORT_BLURB.companies} companies, and our directory ${REPORT_BLURB.tools} tools for creators and their teams.`;

/** The path segment of a report's API: "Q3 2025" → "q3-2025". */
export const reportSlug = (quarter: string) => quarter.toLowerCase().replace(" ", "-");

export type HiringReport = (typeof HIRING_REPORTS)[number];

export const LATEST_HIRING_REPORT: HiringReport = HIRING_REPORTS[HIRING_REPORTS.length - 1]!;

export function reportTitle(report: { quarter: string }): string {
  return `Creator Economy Hiring Trends Report ${report.quarter}`;
}

export function findReport(path: string): HiringReport {
  const report = HIRING_REPORTS.find((candidate) => candidate.path === path);
  if (!report) throw new Error(`No hiring report at ${path}`);
  return report;
}
