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
  "/robots.txt",
  "/sitemap.xml",
]);

/** Each page route's budget, with the goal beside it (and its size when the budget was set). */
export const PAGE_BUDGETS: Readonly<Record<string, Budget>> = {
  "/": { kb: 185, goal: 110 }, // 184.2 kB
  "/404": { kb: 180, goal: 110 }, // 179.2 kB
  "/_error": { kb: 200, goal: 110 }, // 196.6 kB
  "/about": { kb: 185, goal: 110 }, // 181.4 kB
  "/applied-jobs": { kb: 195, goal: 160 }, // 192.3 kB
  "/blog": { kb: 185, goal: 110 }, // 181.6 kB
  "/companies/[slug]": { kb: 185, goal: 110 }, // 183.1 kB
  "/creator-economy-hiring-trends-report": { kb: 185, goal: 110 }, // 182.9 kB
  "/creator-economy-hiring-trends-report-q1-25": { kb: 185, goal: 110 }, // 182.9 kB
  "/creator-economy-hiring-trends-report-q2": { kb: 185, goal: 110 }, // 182.9 kB
  "/creator-economy-hiring-trends-report-q2-25": { kb: 185, goal: 110 }, // 182.9 kB
  "/creator-economy-hiring-trends-report-q3": { kb: 185, goal: 110 }, // 182.9 kB
  "/creator-economy-hiring-trends-report-q3-25": { kb: 185, goal: 110 }, // 182.9 kB
  "/creator-economy-hiring-trends-report-q4": { kb: 185, goal: 110 }, // 182.9 kB
  "/departments/[department]": { kb: 185, goal: 110 }, // 184.0 kB
  "/jobs": { kb: 185, goal: 160 }, // 182.3 kB
  "/jobs/[jobId]": { kb: 185, goal: 110 }, // 183.2 kB
  "/linkedin-login": { kb: 185, goal: 110 }, // 181.3 kB
  "/listings": { kb: 210, goal: 160 }, // 209.6 kB
  "/listings/[listingId]/edit": { kb: 250, goal: 160 }, // 246.1 kB
  "/listings/company": { kb: 210, goal: 160 }, // 207.0 kB
  "/offers/[offerId]": { kb: 185, goal: 110 }, // 181.3 kB
  "/pdfs/acceptable-use": { kb: 185, goal: 110 }, // 181.4 kB
  "/pdfs/privacy": { kb: 185, goal: 110 }, // 181.4 kB
  "/pdfs/tos-candidates": { kb: 185, goal: 110 }, // 181.4 kB
  "/pdfs/tos-employers": { kb: 185, goal: 110 }, // 181.4 kB
  "/posts/[postId]": { kb: 185, goal: 110 }, // 181.3 kB
  "/preferences": { kb: 210, goal: 160 }, // 209.7 kB
  "/pricing": { kb: 185, goal: 110 }, // 182.7 kB
  "/profile": { kb: 210, goal: 160 }, // 205.4 kB
  "/recruitment-services": { kb: 210, goal: 110 }, // 208.1 kB
  "/regions/[region]": { kb: 185, goal: 110 }, // 184.0 kB
  "/rejected-jobs": { kb: 195, goal: 160 }, // 192.2 kB
  "/review": { kb: 255, goal: 160 }, // 250.2 kB
  "/saved-jobs": { kb: 195, goal: 160 }, // 192.2 kB
  "/settings": { kb: 210, goal: 160 }, // 205.2 kB
  "/sign-in": { kb: 185, goal: 110 }, // 181.4 kB
  "/sign-up": { kb: 185, goal: 110 }, // 181.7 kB
  "/submit": { kb: 250, goal: 160 }, // 249.4 kB
  "/talent": { kb: 185, goal: 110 }, // 181.8 kB
  "/types/[type]": { kb: 185, goal: 110 }, // 184.0 kB
  "/unsubscribe": { kb: 195, goal: 110 }, // 192.7 kB
};
