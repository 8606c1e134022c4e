import type { GetServerSideProps } from "next";
import { getDatabase } from "@/lib/server/db";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { parseSitemapFile, writeSitemap } from "@/features/feeds/server/sitemap";
import { SITE_URL } from "@/lib/site";

/** A child sitemap of /sitemap.xml: pages.xml, listings.xml, jobs-1.xml... */
export const getServerSideProps: GetServerSideProps = async ({ params, res }) => {
  const name = parseSitemapFile(params?.file);
  if (!name) return { notFound: true };
  const db = await getDatabase();
  let started = false;
  // A jobs file is written batch by batch as it is read, not held whole first.
  const found = await writeSitemap(db, SITE_URL, name, (chunk) => {
    if (!started) {
      res.setHeader("Content-Type", "application/xml; charset=utf-8");
      res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.sitemap);
      started = true;
    }
    res.write(chunk);
  });
  if (!found) return { notFound: true };
  res.end();
  return { props: {} };
};

export default function Sitemap() {
  return null;
}
