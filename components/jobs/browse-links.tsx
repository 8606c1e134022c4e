import { ArrowRightIcon } from "@heroicons/react/20/solid";
import Link from "next/link";
import { formatCount } from "@/lib/format";
import type { TaxonomyEntry } from "@/lib/taxonomy";

type BrowseLinksProps = {
  id: string;
  title: string;
  entries: readonly TaxonomyEntry[];
  href: (slug: string) => string;
  /** Open jobs per slug, shown beside each link when given. */
  counts?: Record<string, number> | null;
};

/** A titled grid of links into the board, one per department, region or type. */
export function BrowseLinks({ id, title, entries, href, counts }: BrowseLinksProps) {
  return (
    <section aria-labelledby={id} className="py-8">
      <h2 id={id} className="text-xl font-semibold tracking-tight text-gray-900">
        {title}
      </h2>
      <ul role="list" className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {entries.map((entry) => (
          <li key={entry.slug}>
            <Link
              href={href(entry.slug)}
              className="group flex items-center justify-between rounded-xl border border-gray-200 bg-white px-4 py-3.5 text-sm font-medium text-gray-800 shadow-xs transition hover:border-violet-300 hover:bg-violet-50 hover:text-violet-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
            >
              <span>
                {entry.label}
                {counts && (
                  <span className="ml-2 text-gray-500">{formatCount(counts[entry.slug] ?? 0)}</span>
                )}
              </span>
              <ArrowRightIcon
                aria-hidden="true"
                className="size-4 text-gray-400 transition group-hover:translate-x-0.5 group-hover:text-violet-600"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
