/** The figures of a quarterly hiring-trends report, as the report pages receive them. */

/** One taxonomy entry's part of a quarter's roles; `share` is 0..1. */
export type Share = { slug: string; label: string; count: number; share: number };

/** Roles whose yearly USD midpoint is in [min, max); max null means no upper bound. */
export type SalaryBand = { label: string; min: number; max: number | null; count: number };

export type QuarterReport = {
  /** "Q1 2024", as in HIRING_REPORTS. */
  quarter: string;
  /** ISO timestamps of the quarter, [start, end). */
  start: string;
  end: string;
  /** Jobs published in the quarter that went live: not pending, not rejected. */
  openRoles: number;
  /** Distinct companies among those jobs. */
  hiringCompanies: number;
  /** The quarter before; null for the first report, which has none to compare with. */
  previous: { quarter: string; openRoles: number; hiringCompanies: number } | null;
  /** Relative change vs previous (0.125 is +12.5%); null without a previous figure above 0. */
  change: { openRoles: number | null; hiringCompanies: number | null };
  /** Every entry of the taxonomy, zeros included: count desc, then label asc. */
  byDepartment: Share[];
  byRegion: Share[];
  byType: Share[];
  /** Share of roles in region "remote", 0..1 (0 when there are no roles). */
  remoteShare: number;
  salary: {
    /** Share of roles with a salaryMin or a salaryMax. */
    disclosedShare: number;
    /** Median of the disclosed USD roles' midpoints; null when there are none. */
    median: number | null;
    /** Fixed bands over the USD roles' midpoints. */
    bands: SalaryBand[];
  };
  /** Up to 10: count desc, then name asc. */
  topCompanies: { name: string; slug: string; count: number }[];
};

/** What a report page shows: which report it is, and its figures. */
export type ReportRouteProps = { meta: { path: string; quarter: string }; report: QuarterReport };
