import { jobPath } from "@/lib/job-path";
import { PUBLIC_ROUTES, routes, SIGN_IN_ROUTES } from "@/lib/routes";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";
import type { Database } from "./db/client";
import { isOfferLive, listOffers } from "./content/offers";
import { listPosts } from "./content/posts";
import { listSitemapCompanies } from "./companies/company-page";
import { listSitemapJobs } from "./jobs/jobs-service";

/** Every public page without a dynamic segment, less the sign-in pages, and every listing. */
const STATIC_PATHS = [
  ...PUBLIC_ROUTES.filter((route) => !route.includes("[") && !SIGN_IN_ROUTES.includes(route)),
  ...DEPARTMENTS.map((entry) => routes.department(entry.slug)),
  ...REGIONS.map((entry) => routes.region(entry.slug)),
  ...JOB_TYPES.map((entry) => routes.type(entry.slug)),
];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * sitemap.xml: every static page, listing page, partner offer, blog post, hiring company and
 * open job.
 */
export async function buildSitemap(db: Database, siteUrl: string): Promise<string> {
  const [jobs, companies, posts, offers] = await Promise.all([
    listSitemapJobs(db),
    listSitemapCompanies(db),
    listPosts(),
    listOffers(),
  ]);
  const urls = [
    ...[
      ...STATIC_PATHS,
      ...offers.filter((offer) => isOfferLive(offer)).map((offer) => routes.offer(offer.id)),
      ...companies.map((company) => routes.company(company.slug)),
    ].map((path) => `<url><loc>${escapeXml(siteUrl + path)}</loc></url>`),
    ...posts.map(
      (post) =>
        `<url><loc>${escapeXml(siteUrl + routes.post(post.slug))}</loc><lastmod>${post.date}</lastmod></url>`,
    ),
    ...jobs.map(
      (job) =>
        `<url><loc>${escapeXml(siteUrl + jobPath(job))}</loc><lastmod>${job.updatedAt.toISOString()}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
