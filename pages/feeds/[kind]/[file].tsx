import type { GetServerSideProps } from "next";
import { FEED_KINDS } from "@/features/feeds/paths";
import type { ListingKind } from "@/features/jobs/listing-pages";
import { getDatabase } from "@/lib/server/db";
import { buildJobsAtomFeed, findFeedScope } from "@/features/feeds/server/listing-feed";
import { storeDescriptionHtml } from "@/features/listings/server/listing-state";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { SITE_URL } from "@/lib/site";

/** The newest jobs of a department, region or type, as Atom: /feeds/departments/design.xml. */
export const getServerSideProps: GetServerSideProps = async ({ params, res }) => {
  const kind = (Object.keys(FEED_KINDS) as ListingKind[]).find(
    (candidate) => FEED_KINDS[candidate] === params?.kind,
  );
  const scope = kind ? findFeedScope(kind, params?.file) : null;
  if (!scope) return { notFound: true };
  const xml = await buildJobsAtomFeed(await getDatabase(), SITE_URL, scope, storeDescriptionHtml);
  res.setHeader("Content-Type", "application/atom+xml; charset=utf-8");
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.sitemap);
  res.end(xml);
  return { props: {} };
};

export default function ListingFeed() {
  return null;
}
