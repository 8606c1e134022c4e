import { HIRING_REPORTS, LATER_REPORT_PATH_PREFIX, type HiringReport } from "@/lib/report-routes";

/** The reports' routes (the spec's seven, and the pattern of later ones) are shared. */
export {
  HIRING_REPORTS,
  LATER_REPORT_PAGE,
  LATER_REPORT_PATH,
  LATER_REPORT_PATH_PREFIX,
  LATER_REPORT_REWRITE_SOURCE,
  type HiringReport,
} from "@/lib/report-routes";

/** Quarters counted from year 0: Q1 2024 is 2024 * 4. */
const FIRST_QUARTER = 2024 * 4;
const SPEC_LAST_QUARTER = FIRST_QUARTER + HIRING_REPORTS.length - 1;

/** The quarter `now` falls in, in UTC. */
const quarterAt = (now: Date) => now.getUTCFullYear() * 4 + Math.floor(now.getUTCMonth() / 3);

function reportOfQuarter(index: number): HiringReport {
  if (index <= SPEC_LAST_QUARTER) return HIRING_REPORTS[index - FIRST_QUARTER]!;
  const year = Math.floor(index / 4);
  const number = (index % 4) + 1;
  return {
    path: `${LATER_REPORT_PATH_PREFIX}q${number}-${String(year % 100).padStart(2, "0")}`,
    quarter: `Q${number} ${year}`,
  };
}

/**
 * Every report, oldest first: the spec's seven, then one for each quarter that has ended by
 * `now` (UTC). Q4 2026's appears on 2027-01-01 by itself.
 */
export function listReports(now: Date = new Date()): HiringReport[] {
  const last = Math.max(quarterAt(now) - 1, SPEC_LAST_QUARTER);
  return Array.from({ length: last - FIRST_QUARTER + 1 }, (_, i) =>
    reportOfQuarter(FIRST_QUARTER + i),
  );
}

/** The report of the last completed quarter: the one the Resources menu links. */
export function latestReport(now: Date = new Date()): HiringReport {
  return reportOfQuarter(Math.max(quarterAt(now) - 1, SPEC_LAST_QUARTER));
}

/** The report served at `path`, if its quarter has ended by `now`. */
export function reportByPath(path: string, now: Date = new Date()): HiringReport | undefined {
  return listReports(now).find((report) => report.path === path);
}

/** The report whose API slug (reportSlug) is `slug`, if its quarter has ended by `now`. */
export function reportBySlug(slug: string, now: Date = new Date()): HiringReport | undefined {
  return listReports(now).find((report) => reportSlug(report.quarter) === slug);
}

/** Spec §9: what the hiring-report blurbs say of the board. */
export const REPORT_BLURB = {
  openRoles: "1,250+",
  companies: "750+",
  tools: "1000+",
} as const;

export const REPORT_BLURB_TEXT = `The board lists ${REPORT_BLURB.openRoles} open roles at ${REPORT_BLURB.companies} companies, and our directory ${REPORT_BLURB.tools} tools for creators and their teams.`;

/** The path segment of a report's API: "Q3 2025" → "q3-2025". */
export const reportSlug = (quarter: string) => quarter.toLowerCase().replace(" ", "-");

export function reportTitle(report: { quarter: string }): string {
  return `Creator Economy Hiring Trends Report ${report.quarter}`;
}

/** One of the spec's seven reports, by its fixed path (their page files name it). */
export function findReport(path: string): HiringReport {
  const report = HIRING_REPORTS.find((candidate) => candidate.path === path);
  if (!report) throw new Error(`No hiring report at ${path}`);
  return report;
}
