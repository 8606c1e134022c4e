import { ChevronLeftIcon, ChevronRightIcon } from "@heroicons/react/20/solid";
import Link from "next/link";
import { jobFiltersQuery, type JobFilters } from "@/lib/job-filters";

type PaginationProps = {
  basePath: string;
  filters: JobFilters;
  pageCount: number;
  /** Filters the path already carries, left out of the links. */
  omit?: readonly (keyof JobFilters)[];
};

const linkClass =
  "inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-semibold text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600";

export function Pagination({ basePath, filters, pageCount, omit = [] }: PaginationProps) {
  if (pageCount <= 1) return null;
  const href = (page: number) => `${basePath}${jobFiltersQuery({ ...filters, page }, omit)}`;
  const { page } = filters;
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link href={href(page - 1)} className={linkClass} rel="prev">
          <ChevronLeftIcon aria-hidden="true" className="size-4" />
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-gray-600">
        Page <span className="font-semibold text-gray-900">{page}</span> of{" "}
        <span className="font-semibold text-gray-900">{pageCount}</span>
      </p>
      {page < pageCount ? (
        <Link href={href(page + 1)} className={linkClass} rel="next">
          Next
          <ChevronRightIcon aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
