import { Link } from "@/components/ui/link";

const linkClass = "font-semibold text-violet-700 hover:underline";

/** Previous and next links around "Page N of M"; nothing when there is one page. */
export function PageLinks({
  page,
  pageCount,
  href,
  previousLabel = "← Previous",
  nextLabel = "Next →",
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  previousLabel?: string;
  nextLabel?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-12 flex items-center justify-between">
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className={linkClass}>
          {previousLabel}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-gray-600">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link href={href(page + 1)} rel="next" className={linkClass}>
          {nextLabel}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
