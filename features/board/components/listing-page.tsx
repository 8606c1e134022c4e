import { FeedLinks } from "@/features/feeds/components/feed-links";
import { JobBoard } from "@/features/board/components/job-board";
import { Seo } from "@/components/seo";
import { PageHeader } from "@/components/ui/page-header";
import { formatCount } from "@/lib/format";
import { LISTINGS, type ListingPageProps } from "@/features/jobs/listing-pages";
import { pagedTitle } from "@/lib/page-title";
import { listingCard } from "@/features/jobs/og-card";

const EYEBROWS = { department: "Jobs by role", region: "Jobs by location", type: "Jobs by type" };

export function ListingPage({ kind, entry, filters, results }: ListingPageProps) {
  const listing = LISTINGS[kind];
  const title = listing.title(entry);
  const description = listing.description(entry);
  const path = listing.path(entry.slug);
  // The count in the heading is the listing's own; with more filters the list says how many.
  const filtered = Boolean(
    filters.q ||
    filters.salary_min !== undefined ||
    ["department", "region", "type"].some(
      (key) => key !== kind && filters[key as "department" | "region" | "type"],
    ),
  );
  return (
    <>
      <Seo
        title={pagedTitle(title, filters.page)}
        description={description}
        path={filters.page > 1 ? `${path}?page=${filters.page}` : path}
        card={listingCard(kind, entry, filtered ? null : results)}
      />
      <FeedLinks listing={{ kind, slug: entry.slug, title }} />
      <PageHeader
        theme="violet"
        eyebrow={EYEBROWS[kind]}
        title={title}
        lead={
          filtered
            ? description
            : `${formatCount(results.total)}${results.total_is_capped ? "+" : ""} open ${results.total === 1 ? "role" : "roles"}. ${description}`
        }
      />
      <JobBoard basePath={path} filters={filters} results={results} fixed={kind} />
    </>
  );
}
