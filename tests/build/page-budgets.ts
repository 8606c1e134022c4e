import { isProfileRoute, routes } from "@/lib/routes";

/*
 * First-load JavaScript budgets, in kB (1024 bytes) compressed as the production server sends it
 * (tests/build/page-weight.test.ts checks them against the build). Issue 15's goals: 110 kB on a
 * public page, 160 kB on /submit and the profile area. A page over its goal has a budget of its
 * size when the budget was set, rounded up to the next 5 kB: a ratchet. A change that makes a
 * page lighter lowers its budget (the test prints by how much it can), never below the goal; a
 * change that makes it heavier is one to rethink, not a budget to raise.
 */

export type Budget = { kb: number; goal: number };

/** Issue 15's goal for a route: 160 kB for /submit and the profile area, 110 kB elsewhere. */
export function goalKb(route: string): number {
  return route === routes.submit || isProfileRoute(route) ? 160 : 110;
}

/** A size in bytes as a budget: kB rounded up to the next 5. */
export function roundUpKb(bytes: number): number {
  return Math.ceil(bytes / 1024 / 5) * 5;
}

/** Routes that answer XML, not HTML: no browser loads their JavaScript. */
export const NOT_HTML: ReadonlySet<string> = new Set([
  routes.blogFeed,
  "/feeds/[kind]/[file]",
  "/feeds/jobs.xml",
  "/feeds/latest.xml",
  "/indexnow-key.txt",
  "/robots.txt",
  "/sitemap.xml",
  "/sitemaps/[file]",
]);

/** Each page route's budget, with the goal beside it (and its size when the budget was set). */
export const PAGE_BUDGETS: Readonly<Record<string, Budget>> = {
  "/": { kb: 145, goal: 110 }, // 143.2 kB
  "/404": { kb: 135, goal: 110 }, // 133.9 kB
  "/_error": { kb: 155, goal: 110 }, // 151.4 kB
  "/about": { kb: 140, goal: 110 }, // 135.8 kB
  "/applied-jobs": { kb: 160, goal: 160 }, // 157.1 kB
  // Raised at 9aad880 by 0.5–0.7 kB of shared code: the social-card head tags and the link to
  // the latest report, both computed as the page renders (issue 16).
  "/blog": { kb: 145, goal: 110 }, // 140.5 kB
  "/companies/[slug]": { kb: 145, goal: 110 }, // 141.6 kB
  "/creator-economy-hiring-trends-report": { kb: 140, goal: 110 }, // 137.2 kB
  "/creator-economy-hiring-trends-report-q1-25": { kb: 140, goal: 110 }, // 137.2 kB
  "/creator-economy-hiring-trends-report-q2": { kb: 140, goal: 110 }, // 137.2 kB
  "/creator-economy-hiring-trends-report-q2-25": { kb: 140, goal: 110 }, // 137.2 kB
  "/creator-economy-hiring-trends-report-q3": { kb: 140, goal: 110 }, // 137.2 kB
  "/creator-economy-hiring-trends-report-q3-25": { kb: 140, goal: 110 }, // 137.2 kB
  "/creator-economy-hiring-trends-report-q4": { kb: 140, goal: 110 }, // 137.2 kB
  "/departments/[department]": { kb: 145, goal: 110 }, // 142.8 kB
  "/jobs": { kb: 160, goal: 160 }, // 150.6 kB
  "/jobs/[jobId]": { kb: 145, goal: 110 }, // 141.7 kB
  "/linkedin-login": { kb: 140, goal: 110 }, // 135.7 kB
  "/listings": { kb: 180, goal: 160 }, // 178.8 kB
  "/listings/[listingId]/edit": { kb: 220, goal: 160 }, // 215.0 kB (raised as /blog)
  "/listings/company": { kb: 185, goal: 160 }, // 184.1 kB
  "/offers/[offerId]": { kb: 140, goal: 110 }, // 136.0 kB
  "/pdfs/acceptable-use": { kb: 140, goal: 110 }, // 135.7 kB
  "/pdfs/privacy": { kb: 140, goal: 110 }, // 135.7 kB
  "/pdfs/tos-candidates": { kb: 140, goal: 110 }, // 135.7 kB
  "/pdfs/tos-employers": { kb: 140, goal: 110 }, // 135.7 kB
  "/posts/[postId]": { kb: 145, goal: 110 }, // 140.1 kB (raised as /blog)
  "/preferences": { kb: 175, goal: 160 }, // 173.9 kB
  "/pricing": { kb: 140, goal: 110 }, // 137.1 kB
  "/profile": { kb: 185, goal: 160 }, // 182.7 kB
  "/recruitment-services": { kb: 175, goal: 110 }, // 171.7 kB
  "/regions/[region]": { kb: 145, goal: 110 }, // 142.8 kB
  "/reports/[quarter]": { kb: 140, goal: 110 }, // as the report pages above
  "/rejected-jobs": { kb: 160, goal: 160 }, // 157.0 kB
  "/review": { kb: 220, goal: 160 }, // 219.0 kB
  "/saved-jobs": { kb: 160, goal: 160 }, // 157.0 kB
  "/settings": { kb: 175, goal: 160 }, // 173.8 kB
  "/sign-in": { kb: 140, goal: 110 }, // 135.7 kB
  "/sign-up": { kb: 140, goal: 110 }, // 136.0 kB
  "/submit": { kb: 220, goal: 160 }, // 215.4 kB (raised as /blog)
  "/talent": { kb: 145, goal: 110 }, // 140.8 kB
  "/types/[type]": { kb: 145, goal: 110 }, // 142.8 kB
  "/unsubscribe": { kb: 150, goal: 110 }, // 147.2 kB
};
