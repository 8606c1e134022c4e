import type { GetServerSideProps } from "next";
import { readServerEnv } from "@/lib/server/env";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";

/**
 * IndexNow's key file (features/feeds/server): the key as plain text, at the keyLocation every
 * notice names, which proves to the engines that the notices come from this site. Not found when
 * no key is configured.
 */
export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  const key = readServerEnv().INDEXNOW_KEY;
  if (!key) return { notFound: true };
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.sitemap);
  res.end(key);
  return { props: {} };
};

export default function IndexNowKey() {
  return null;
}
