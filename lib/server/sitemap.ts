import { jobPath } from "@/lib/job-path";
import { PUBLIC_ROUTES, routes } from "@/lib/routes";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";
import type { Database } from "./db/client";
import { listSitemapJobs } from "./jobs/jobs-service";

const SIGN_IN_PAGES: readonly string[] = [routes.signIn, routes.signUp, routes.linkedinLogin];

/** Every public page without a dynamic segment, less the sign-in pages, and every listing. */
const STATIC_PATHS = [
  ...PUBLIC_ROUTES.filter((route) => !route.includes("[") && !SIGN_IN_PAGES.includes(route)),
  ...DEPARTMENTS.map((entry) => routes.department(entry.slug)),
  ...REGIONS.map((entry) => routes.region(entry.slug)),
  ...JOB_TYPES.map((entry) => routes.type(entry.slug)),
];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** sitemap.xml: every listing page and every open job. */
export async function buildSitemap(db: Database, siteUrl: string): Promise<string> {
  const jobs = await listSitemapJobs(db);
  const urls = [
    ...STATIC_PATHS.map((path) => `<url><loc>${escapeXml(siteUrl + path)}</loc></url>`),
    ...jobs.map(
      (job) =>
        `<url><loc>${escapeXml(siteUrl + jobPath(job))}</loc><lastmod>${job.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
