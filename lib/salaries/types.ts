/** One set of figures as pages and the API show it: annual US dollars; null under MIN_LISTINGS. */
export type SalaryFigures = {
  /** How many listings with pay are behind the figures. */
  listings: number;
  p25: number | null;
  median: number | null;
  p75: number | null;
  /** The lowest and the highest pay any of the listings offers. */
  low: number | null;
  high: number | null;
};

/** Figures of a part of the scope (a role, a region or a type), linking to its own page. */
export type SalaryRow = SalaryFigures & { slug: string; label: string; href: string | null };

/** A quarter's figures, "2026-Q3". */
export type SalaryQuarter = SalaryFigures & { quarter: string };

/** A salary page: /salaries, /salaries/[department] or /salaries/[department]/[region]. */
export type SalaryPageProps = {
  department: { slug: string; label: string } | null;
  region: { slug: string; label: string } | null;
  /** The last twelve months; null when no listing with pay is behind the scope. */
  figures: SalaryFigures | null;
  /** The scope's parts: roles on /salaries, regions on a role's page; types on both below. */
  parts: { title: string; rows: SalaryRow[] }[];
  trend: SalaryQuarter[];
  /** Where the scope's open jobs are listed. */
  jobsHref: string;
  /** The page a level up, for a scope with no listings. */
  up: { label: string; href: string } | null;
  /** When the figures were computed (ISO 8601), and the rates' date. */
  computedAt: string | null;
  ratesDate: string;
  /** US dollars for one unit of each other currency, as the page lists them. */
  rates: { currency: string; usd: number }[];
};
