import { ALERT_FREQUENCIES, type AlertFrequency } from "@/features/account/constants";
import { departmentLabel, formatSalaryFloor, jobTypeLabel, regionLabel } from "@/lib/format";
import { jobFiltersQuery, type JobFilters } from "@/features/jobs/filters";
import { routes } from "@/lib/routes";

/*
 * A saved search's words and filters, and what people read of it: its label and the address of
 * its results. Browser-safe: the board's save control, /preferences and the alert mail use it.
 */

/** The filters a search keeps: those of the job lists (features/jobs/filters.ts) but the paging. */
export type SearchFilters = Omit<JobFilters, "page" | "per_page">;

/** The filter names a search keeps, in the order labels and addresses name them. */
export const SEARCH_FILTER_KEYS = ["q", "department", "region", "type", "salary_min"] as const;

/** The search in `filters`, without paging and without blanks. */
export function searchFiltersOf(filters: Partial<JobFilters>): SearchFilters {
  const search: SearchFilters = {};
  if (filters.q) search.q = filters.q;
  if (filters.department) search.department = filters.department;
  if (filters.region) search.region = filters.region;
  if (filters.type) search.type = filters.type;
  if (filters.salary_min !== undefined) search.salary_min = filters.salary_min;
  return search;
}

/** A search as the API answers it: each filter, null when left out. */
export type SavedFilters = { [K in keyof SearchFilters]-?: SearchFilters[K] | null };

/** The search a saved search (as the API answers it) keeps. */
export const filtersOfSaved = (saved: SavedFilters): SearchFilters =>
  searchFiltersOf({
    q: saved.q ?? undefined,
    department: saved.department ?? undefined,
    region: saved.region ?? undefined,
    type: saved.type ?? undefined,
    salary_min: saved.salary_min ?? undefined,
  });

/** Whether there is anything to save: a keyword or a filter. */
export const hasSearch = (filters: Partial<JobFilters>): boolean =>
  Object.keys(searchFiltersOf(filters)).length > 0;

/** A keyword as a search keeps it: trimmed, each run of spaces one space. */
export const normalizeKeyword = (q: string): string => q.trim().replace(/\s+/g, " ");

/**
 * Whether two searches are the same: the same filters, and the same words in any case (the
 * board's keyword search does not tell "Video Editor" from "video editor").
 */
export function sameSearch(a: Partial<JobFilters>, b: Partial<JobFilters>): boolean {
  const x = searchFiltersOf(a);
  const y = searchFiltersOf(b);
  const words = (q: string | undefined) => normalizeKeyword(q ?? "").toLowerCase();
  return (
    words(x.q) === words(y.q) &&
    x.department === y.department &&
    x.region === y.region &&
    x.type === y.type &&
    x.salary_min === y.salary_min
  );
}

/**
 * What the search is, in words: "“video editor” in Design, Remote", "Design, Full-time, $80k+",
 * or "All jobs" for none.
 */
export function searchLabel(filters: Partial<JobFilters>): string {
  const search = searchFiltersOf(filters);
  const narrowing = [
    search.department && departmentLabel(search.department),
    search.region && regionLabel(search.region),
    search.type && jobTypeLabel(search.type),
    search.salary_min !== undefined && formatSalaryFloor(search.salary_min),
  ].filter((part): part is string => Boolean(part));
  if (search.q) {
    const words = `“${search.q}”`;
    return narrowing.length > 0 ? `${words} in ${narrowing.join(", ")}` : words;
  }
  return narrowing.length > 0 ? narrowing.join(", ") : "All jobs";
}

/** The board's results for the search: the home page with its filters in the query string. */
export const searchResultsPath = (filters: Partial<JobFilters>): string =>
  `${routes.home}${jobFiltersQuery(searchFiltersOf(filters))}`;

/** How often, as /preferences words it: "Daily", "Weekly", "Never". */
export const frequencyLabel = (frequency: AlertFrequency): string =>
  ALERT_FREQUENCIES.find((entry) => entry.slug === frequency)?.label ?? frequency;
