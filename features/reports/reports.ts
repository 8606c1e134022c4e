/** A quarterly hiring-trends report: where it is served, and the quarter it counts ("Q1 2024"). */
export type HiringReport = { path: string; quarter: string };

/** The spec's seven reports, oldest first: their routes are fixed, each has its own page file. */
export const HIRING_REPORTS = [
  { path: "/creator-economy-hiring-trends-report", quarter: "Q1 2024" },
  { path: "/creator-economy-hiring-trends-report-q2", quarter: "Q2 2024" },
  { path: "/creator-economy-hiring-trends-report-q3", quarter: "Q3 2024" },
  { path: "/creator-economy-hiring-trends-report-q4", quarter: "Q4 2024" },
  { path: "/creator-economy-hiring-trends-report-q1-25", quarter: "Q1 2025" },
  { path: "/creator-economy-hiring-trends-report-q2-25", quarter: "Q2 2025" },
  { path: "/creator-economy-hiring-trends-report-q3-25", quarter: "Q3 2025" },
] as const satisfies readonly HiringReport[];

/**
 * Every quarter after the spec's seven gets its report once it has ended, on the same pattern:
 * /creator-economy-hiring-trends-report-q4-25, -q1-26, ... next.config.ts rewrites these paths
 * to one page, LATER_REPORT_PAGE, which answers only for quarters listReports() names.
 */
export const LATER_REPORT_PATH_PREFIX = "/creator-economy-hiring-trends-report-";
/** The rewrite's source, in next.config.ts's path-to-regexp syntax. */
export const LATER_REPORT_REWRITE_SOURCE = `${LATER_REPORT_PATH_PREFIX}:quarter(q[1-4]-\\d{2})`;
/** The page (its route as Next.js names it) that renders the later reports. */
export const LATER_REPORT_PAGE = "/reports/[quarter]";
/** A path LATER_REPORT_REWRITE_SOURCE matches; group 1 is its quarter ("q4-25"). */
export const LATER_REPORT_PATH = /^\/creator-economy-hiring-trends-report-(q[1-4]-\d{2})$/;

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
