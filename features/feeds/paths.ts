import type { ListingKind } from "@/features/jobs/listing-pages";

/** The Atom feeds of new jobs and the aggregator feed (features/feeds/server, pages/feeds). */
export const FEED_KINDS = { department: "departments", region: "regions", type: "types" } as const;

export const feedPaths = {
  /** Atom: the newest jobs on the whole board. */
  latest: "/feeds/latest.xml",
  /** Atom: the newest jobs of one department, region or type. */
  listing: (kind: ListingKind, slug: string) =>
    `/feeds/${FEED_KINDS[kind]}/${encodeURIComponent(slug)}.xml`,
  /** Every open job in the XML format job aggregators ingest (Indeed's <source><job>). */
  jobs: "/feeds/jobs.xml",
} as const;
