import type { GetServerSideProps } from "next";
import { getDatabase } from "@/lib/server/db";
import { buildJobsAtomFeed } from "@/features/feeds/server/listing-feed";
import { storeDescriptionHtml } from "@/features/listings/server/listing-state";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { SITE_URL } from "@/lib/site";

/** The newest jobs on the whole board, as Atom. */
export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  const xml = await buildJobsAtomFeed(await getDatabase(), SITE_URL, null, storeDescriptionHtml);
  res.setHeader("Content-Type", "application/atom+xml; charset=utf-8");
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.sitemap);
  res.end(xml);
  return { props: {} };
};

export default function LatestJobsFeed() {
  return null;
}
