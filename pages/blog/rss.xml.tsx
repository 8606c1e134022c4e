import type { GetServerSideProps } from "next";
import { buildBlogFeed } from "@/features/content/server/blog-feed";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { getDatabase } from "@/lib/server/db";
import { SITE_URL } from "@/lib/site";

export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  res.setHeader("Content-Type", "application/rss+xml; charset=utf-8");
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.sitemap);
  res.end(await buildBlogFeed(await getDatabase(), SITE_URL));
  return { props: {} };
};

export default function BlogFeed() {
  return null;
}
