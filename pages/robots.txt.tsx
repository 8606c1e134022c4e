import type { GetServerSideProps } from "next";
import { PROFILE_ROUTES } from "@/lib/routes";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { SITE_URL } from "@/lib/site";

export const getServerSideProps: GetServerSideProps = async ({ res }) => {
  const lines = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    // A route with a parameter is closed by its fixed start: /listings/[listingId]/edit.
    ...PROFILE_ROUTES.map((route) =>
      route.includes("[")
        ? `Disallow: ${route.slice(0, route.indexOf("["))}`
        : `Disallow: ${route}$`,
    ),
    `Sitemap: ${SITE_URL}/sitemap.xml`,
    "",
  ];
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.sitemap);
  res.end(lines.join("\n"));
  return { props: {} };
};

export default function Robots() {
  return null;
}
