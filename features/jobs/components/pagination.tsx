import { ChevronLeftIcon, ChevronRightIcon } from "@heroicons/react/20/solid";
import { Link } from "@/components/ui/link";
import { jobFiltersQuery, type JobFilters } from "@/features/jobs/filters";

type PaginationProps = {
  basePath: string;
  filters: JobFilters;
  pageCount: number;
  /** Filters the path already carries, left out of the links. */
  omit?: readonly (keyof JobFilters)[];
};

const linkClass =
  "inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-semibold text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600";
const numberBase = "inline-flex min-w-9 justify-center rounded-lg px-2 py-2 text-sm font-semibold";
const numberClass = `${numberBase} text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600`;
const currentClass = `${numberBase} bg-violet-600 text-white`;

/**
 * The page numbers shown around `page`: the first, the last, and the two on each side, with
 * null for each gap. However many pages there are, at most nine entries.
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount]);
  for (let near = page - 2; near <= page + 2; near++) {
    if (near >= 1 && near <= pageCount) shown.add(near);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((number, i) =>
    i > 0 && number - sorted[i - 1]! > 1 ? [null, number] : [number],
  );
}

/**
 * Previous and next, "Page 3 of 63", and on wider screens links to the first, the last and the
 * nearby pages, so every page of a long list is a few links from the first.
 */
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
      <div className="flex flex-col items-center gap-2">
        <ul className="hidden items-center gap-1 md:flex">
          {pageWindow(page, pageCount).map((number, i) =>
            number === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-sm text-gray-500">
                …
              </li>
            ) : (
              <li key={number}>
                {number === page ? (
                  <span aria-current="page" className={currentClass}>
                    <span className="sr-only">Page </span>
                    {number}
                  </span>
                ) : (
                  <Link href={href(number)} className={numberClass} aria-label={`Page ${number}`}>
                    {number}
                  </Link>
                )}
              </li>
            ),
          )}
        </ul>
        <p className="text-sm text-gray-600">
          Page <span className="font-semibold text-gray-900">{page}</span> of{" "}
          <span className="font-semibold text-gray-900">{pageCount}</span>
        </p>
      </div>
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
