import { formatCount } from "@/lib/format";
import type { TaxonomyEntry } from "@/lib/taxonomy";
import { SpriteIcon } from "@/components/ui/sprite-icon";

type BrowseLinksProps = {
  id: string;
  title: string;
  entries: readonly TaxonomyEntry[];
  href: (slug: string) => string;
  /** Open jobs per slug, shown beside each link when given. */
  counts?: Record<string, number> | null;
};

/**
 * A titled grid of links into the board, one per department, region or type. Plain anchors:
 * they lead to server-rendered lists the page cache answers at once, and next/link would add a
 * component with hooks per link to every render of the home page (see NavAnchor's `plain`).
 */
export function BrowseLinks({ id, title, entries, href, counts }: BrowseLinksProps) {
  return (
    <section aria-labelledby={id} className="py-8">
      <h2 id={id} className="text-xl font-semibold tracking-tight text-gray-900">
        {title}
      </h2>
      <ul role="list" className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {entries.map((entry) => (
          <li key={entry.slug}>
            <a href={href(entry.slug)} className="browse-link">
              <span>
                {entry.label}
                {counts && (
                  <span className="ml-2 text-gray-500">{formatCount(counts[entry.slug] ?? 0)}</span>
                )}
              </span>
              <SpriteIcon name="arrow-right" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
