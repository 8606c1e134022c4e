import type { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";

/*
 * The job-list filters as the pages and links use them. Parsing and validating them (with zod)
 * is in lib/schemas/job-filters.ts, kept apart so browsers never download zod.
 */

export const JOBS_PER_PAGE = 20;
export const MAX_JOBS_PER_PAGE = 50;
export const MAX_KEYWORD_LENGTH = 100;
export const MAX_PAGE = 1000;
/** The salary floors the filter offers, yearly in USD. */
export const SALARY_FLOORS = [40_000, 60_000, 80_000, 100_000, 150_000] as const;

export type JobFilters = {
  q?: string;
  department?: (typeof DEPARTMENTS)[number]["slug"];
  region?: (typeof REGIONS)[number]["slug"];
  type?: (typeof JOB_TYPES)[number]["slug"];
  salaryMin?: number;
  page: number;
  perPage: number;
};

/** The query string for a set of filters; the inverse of parseJobFilters, defaults left out. */
export function jobFiltersQuery(
  filters: Partial<JobFilters>,
  omit: readonly (keyof JobFilters)[] = [],
): string {
  const params = new URLSearchParams();
  const add = (key: keyof JobFilters, name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "" && !omit.includes(key)) params.set(name, String(value));
  };
  add("q", "q", filters.q);
  add("department", "department", filters.department);
  add("region", "region", filters.region);
  add("type", "type", filters.type);
  add("salaryMin", "salary_min", filters.salaryMin);
  if (filters.page && filters.page > 1) add("page", "page", filters.page);
  if (filters.perPage && filters.perPage !== JOBS_PER_PAGE)
    add("perPage", "per_page", filters.perPage);
  const query = params.toString();
  return query ? `?${query}` : "";
}
