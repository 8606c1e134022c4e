import type { GetServerSideProps } from "next";
import { getDatabase } from "@/lib/server/db";
import { writeAggregatorFeed } from "@/features/feeds/server/aggregator-feed";
import { storeDescriptionHtml } from "@/features/listings/server/listing-state";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { ClientGone, drainingWriter } from "@/lib/server/http/stream-writer";
import { SITE_URL } from "@/lib/site";

/** Every open job in the XML format job aggregators ingest (Indeed's <source><job>). */
export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  const db = await getDatabase();
  res.setHeader("Content-Type", "application/xml; charset=utf-8");
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.sitemap);
  // Written batch by batch as the jobs are read, as fast as the reader takes them: on a large
  // board the server layer streams it (compressed) rather than holding it whole.
  try {
    await writeAggregatorFeed(db, SITE_URL, drainingWriter(res), storeDescriptionHtml);
  } catch (error) {
    if (error instanceof ClientGone) return { props: {} };
    throw error;
  }
  res.end();
  return { props: {} };
};

export default function JobsFeed() {
  return null;
}
