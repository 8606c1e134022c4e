import { Seo } from "@/components/seo";
import { PageHeader } from "@/components/ui/page-header";
import { LISTINGS, type ListingPageProps } from "@/lib/listing-pages";

const EYEBROWS = { department: "Jobs by role", region: "Jobs by location", type: "Jobs by type" };

export function ListingPage({ kind, entry }: ListingPageProps) {
  const listing = LISTINGS[kind];
  const title = listing.title(entry);
  const description = listing.description(entry);
  return (
    <>
      <Seo title={title} description={description} path={listing.path(entry.slug)} />
      <PageHeader theme="violet" eyebrow={EYEBROWS[kind]} title={title} lead={description} />
    </>
  );
}
