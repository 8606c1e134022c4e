/*
 * Where the quarterly hiring-trends reports are served: routes the page lists need
 * (lib/routes.ts, lib/page-params.ts) and next.config.ts's rewrite. Which reports exist at a
 * moment, and what they say, is features/reports/reports.ts, which re-exports these.
 */

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
