import type { GetServerSideProps } from "next";
import { getDatabase } from "@/lib/server/db";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { buildSitemap } from "@/lib/server/sitemap";
import { SITE_URL } from "@/lib/site";

export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  const xml = await buildSitemap(await getDatabase(), SITE_URL);
  res.setHeader("Content-Type", "application/xml; charset=utf-8");
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.sitemap);
  res.end(xml);
  return { props: {} };
};

export default function Sitemap() {
  return null;
}
