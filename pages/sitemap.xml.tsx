import type { GetServerSideProps } from "next";
import { getDatabase } from "@/lib/server/db";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { buildSitemapIndex } from "@/features/feeds/server/sitemap";
import { SITE_URL } from "@/lib/site";

/** The sitemap index: one child sitemap per kind of page, jobs split by id range. */
export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  const xml = await buildSitemapIndex(await getDatabase(), SITE_URL);
  res.setHeader("Content-Type", "application/xml; charset=utf-8");
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.sitemap);
  res.end(xml);
  return { props: {} };
};

export default function SitemapIndex() {
  return null;
}
