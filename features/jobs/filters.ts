import type { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";

/*
 * The job-list filters as the pages and links use them, named as in the query string. Parsing
 * and validating them (with zod) is in features/jobs/filter-schemas.ts, kept apart so browsers never
 * download zod.
 */

export const JOBS_PER_PAGE = 20;
export const MAX_JOBS_PER_PAGE = 50;
export const MAX_KEYWORD_LENGTH = 100;
/** The public board pages through 100,000 jobs at 20 a page (BOARD_COUNT_CAP). */
export const MAX_PAGE = 5000;
/** The salary floors the filter offers, yearly in USD. */
export const SALARY_FLOORS = [40_000, 60_000, 80_000, 100_000, 150_000] as const;

export type JobFilters = {
  q?: string;
  department?: (typeof DEPARTMENTS)[number]["slug"];
  region?: (typeof REGIONS)[number]["slug"];
  type?: (typeof JOB_TYPES)[number]["slug"];
  salary_min?: number;
  page: number;
  per_page: number;
};

/** The query string for a set of filters; the inverse of parseJobFilters, defaults left out. */
export function jobFiltersQuery(
  filters: Partial<JobFilters>,
  omit: readonly (keyof JobFilters)[] = [],
): string {
  const params = new URLSearchParams();
  const add = (key: keyof JobFilters, value: string | number | undefined) => {
    if (value !== undefined && value !== "" && !omit.includes(key)) params.set(key, String(value));
  };
  add("q", filters.q);
  add("department", filters.department);
  add("region", filters.region);
  add("type", filters.type);
  add("salary_min", filters.salary_min);
  if (filters.page && filters.page > 1) add("page", filters.page);
  if (filters.per_page && filters.per_page !== JOBS_PER_PAGE) add("per_page", filters.per_page);
  const query = params.toString();
  return query ? `?${query}` : "";
}
