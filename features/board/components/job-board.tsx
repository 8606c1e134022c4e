import { XMarkIcon } from "@heroicons/react/16/solid";
import { Link } from "@/components/ui/link";
import { JobCardList } from "@/features/jobs/components/job-card";
import { JobFiltersForm } from "@/features/jobs/components/job-filters-form";
import { Pagination } from "@/features/jobs/components/pagination";
import { SaveSearchControl } from "@/features/saved-searches/components/save-search-control";
import { ButtonLink } from "@/components/ui/button";
import {
  departmentLabel,
  formatCount,
  formatSalaryFloor,
  jobTypeLabel,
  regionLabel,
} from "@/lib/format";
import type { JobSearchPage } from "@/features/jobs/types";
import { routes } from "@/lib/routes";
import { jobFiltersQuery, type JobFilters } from "@/features/jobs/filters";

export type JobBoardProps = {
  /** The page's own path, where the filter form and pagination lead. */
  basePath: string;
  filters: JobFilters;
  results: JobSearchPage;
  fixed?: "department" | "region" | "type";
};

type Chip = { key: keyof JobFilters; label: string };

function activeChips(filters: JobFilters, fixed: JobBoardProps["fixed"]): Chip[] {
  const chips: Chip[] = [];
  if (filters.q) chips.push({ key: "q", label: `“${filters.q}”` });
  if (filters.department && fixed !== "department")
    chips.push({ key: "department", label: departmentLabel(filters.department) });
  if (filters.region && fixed !== "region")
    chips.push({ key: "region", label: regionLabel(filters.region) });
  if (filters.type && fixed !== "type")
    chips.push({ key: "type", label: jobTypeLabel(filters.type) });
  if (filters.salary_min !== undefined)
    chips.push({ key: "salary_min", label: formatSalaryFloor(filters.salary_min) });
  return chips;
}

/** Filters, the matching jobs (sponsored first) and pagination, all in the URL. */
export function JobBoard({ basePath, filters, results, fixed }: JobBoardProps) {
  const omit = fixed ? [fixed] : [];
  const chips = activeChips(filters, fixed);
  const without = (key: keyof JobFilters) =>
    `${basePath}${jobFiltersQuery({ ...filters, page: 1 }, [...omit, key])}`;

  return (
    <section
      aria-labelledby="results-heading"
      // How many jobs the search found, for the page's view of itself (SEARCH_RESULTS,
      // features/analytics/page-view-script.ts): searches that find nothing are what the board lacks.
      data-search-results={results.total}
      className="mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-8 lg:px-8"
    >
      <JobFiltersForm
        action={basePath}
        filters={filters}
        fixed={fixed}
        facets={results.facets}
        facetsApproximate={results.facets_approximate}
      />

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <h2 id="results-heading" className="text-lg font-semibold text-gray-900">
          {formatCount(results.total)}
          {results.total_is_capped ? "+" : ""} {results.total === 1 ? "job" : "jobs"}
        </h2>
        {chips.map((chip) => (
          <Link
            key={chip.key}
            href={without(chip.key)}
            className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-3 py-1 text-sm font-medium text-violet-800 ring-1 ring-violet-200 hover:bg-violet-100"
          >
            {chip.label}
            <XMarkIcon aria-hidden="true" className="size-4" />
            <span className="sr-only">(remove this filter)</span>
          </Link>
        ))}
        {chips.length > 1 && (
          <Link
            href={basePath}
            className="text-sm font-medium text-gray-600 underline hover:text-gray-900"
          >
            Clear all
          </Link>
        )}
        <SaveSearchControl basePath={basePath} filters={filters} fixed={fixed} />
      </div>

      {results.corrected_q && results.jobs.length > 0 && (
        <p className="mt-2 text-sm text-gray-600">
          Showing results for <strong className="text-gray-900">{results.corrected_q}</strong>
        </p>
      )}

      {results.jobs.length > 0 ? (
        <JobCardList jobs={results.jobs} />
      ) : (
        <div className="mt-4 rounded-2xl border border-dashed border-gray-300 px-6 py-12 text-center">
          <p className="text-base font-semibold text-gray-900">No jobs match these filters</p>
          {results.suggested_q && (
            <p className="mt-2 text-base text-gray-900">
              Did you mean{" "}
              <Link
                href={`${basePath}${jobFiltersQuery({ ...filters, q: results.suggested_q, page: 1 }, omit)}`}
                className="font-semibold text-violet-700 underline hover:text-violet-900"
              >
                {results.suggested_q}
              </Link>
              ?
            </p>
          )}
          <p className="mt-2 text-sm text-gray-600">
            Try fewer filters or another keyword. New roles arrive every week.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            {chips.length > 0 && (
              <ButtonLink href={basePath} size="sm">
                Clear the filters
              </ButtonLink>
            )}
            <ButtonLink href={routes.home} variant="secondary" size="sm">
              See all jobs
            </ButtonLink>
          </div>
        </div>
      )}

      <Pagination
        basePath={basePath}
        filters={filters}
        pageCount={results.page_count}
        omit={omit}
      />
    </section>
  );
}
