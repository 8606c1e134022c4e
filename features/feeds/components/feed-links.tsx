import Head from "next/head";
import { feedPaths } from "@/features/feeds/paths";
import type { ListingKind } from "@/features/jobs/listing-pages";
import { boardSettings } from "@/lib/board-settings";
import { SITE_URL } from "@/lib/site";

type FeedLinksProps =
  /** A department's, region's or type's page: its Atom feed of new jobs. */
  | { listing: { kind: ListingKind; slug: string; title: string } }
  /** The home page: the whole board's Atom feed and the aggregator feed of every open job. */
  | { listing?: undefined };

/** <link rel="alternate"> in the page's head for the feeds of its jobs, for feed readers. */
export function FeedLinks({ listing }: FeedLinksProps) {
  const { name } = boardSettings();
  if (listing) {
    return (
      <Head>
        <link
          key="feed-atom"
          rel="alternate"
          type="application/atom+xml"
          title={`New ${listing.title} | ${name}`}
          href={`${SITE_URL}${feedPaths.listing(listing.kind, listing.slug)}`}
        />
      </Head>
    );
  }
  return (
    <Head>
      <link
        key="feed-atom"
        rel="alternate"
        type="application/atom+xml"
        title={`New jobs | ${name}`}
        href={`${SITE_URL}${feedPaths.latest}`}
      />
      <link
        key="feed-jobs"
        rel="alternate"
        type="application/xml"
        title={`Every open job (XML job feed) | ${name}`}
        href={`${SITE_URL}${feedPaths.jobs}`}
      />
    </Head>
  );
}
