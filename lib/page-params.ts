import type { ParsedUrlQuery } from "node:querystring";
import { LATER_REPORT_PAGE, LATER_REPORT_PATH } from "@/lib/report-routes";

/**
 * Which query parameters each page reads: the one list the production server keeps URLs to
 * (scripts/server.ts drops every other parameter from the URL it hands Next.js and from its page
 * cache's key) and the page data functions read through (pageQuery), so a page cannot read a
 * parameter the cache drops. See docs/security-and-caching.md.
 *
 * - `server`: read by the page's data function (getServerSideProps), so they shape the HTML and
 *   its /_next/data JSON: kept, sorted, in the URL and the cache key.
 * - `browser`: read in the browser from the address bar (router.query) by a page without a data
 *   function. Next.js serves such a page as one prerendered file whatever the query, so the
 *   server drops them too; the browser still has them. A page with getServerSideProps takes
 *   router.query from the server's render instead: it must list what it reads under `server`.
 *
 * Keys are route patterns as Next.js names them (the file under pages/); every page has one.
 */
type PageParams = { server?: readonly string[]; browser?: readonly string[] };

/**
 * The query parameters the job-list filters read (features/jobs/filter-schemas.ts, whose schema
 * must have exactly these).
 */
export const JOB_FILTER_PARAMS = [
  "q",
  "department",
  "region",
  "type",
  "salary_min",
  "page",
  "per_page",
] as const;
export type JobFilterParam = (typeof JOB_FILTER_PARAMS)[number];

const none: PageParams = {};
const jobFilters = { server: JOB_FILTER_PARAMS } satisfies PageParams;
/** Where to go after signing in (components/auth/sign-in-panel.tsx). */
const signIn = { browser: ["next"] } as const satisfies PageParams;

export const PAGE_PARAMS = {
  "/": jobFilters,
  "/404": none,
  "/about": none,
  "/applied-jobs": none,
  "/blog": { server: ["page", "tag"] },
  "/blog/rss.xml": none,
  "/claim/[slug]": none,
  "/companies/[slug]": { server: ["page"] },
  "/creator-economy-hiring-trends-report": none,
  "/creator-economy-hiring-trends-report-q1-25": none,
  "/creator-economy-hiring-trends-report-q2": none,
  "/creator-economy-hiring-trends-report-q2-25": none,
  "/creator-economy-hiring-trends-report-q3": none,
  "/creator-economy-hiring-trends-report-q3-25": none,
  "/creator-economy-hiring-trends-report-q4": none,
  "/departments/[department]": jobFilters,
  "/embed.js": none,
  /** A company's listings for its careers site to frame (issue 66): colours and how many. */
  "/embed/companies/[slug]": { server: ["limit", "theme"] },
  "/feeds/[kind]/[file]": none,
  "/feeds/jobs.xml": none,
  "/feeds/latest.xml": none,
  "/indexnow-key.txt": none,
  "/invitations": none,
  "/jobs": { browser: ["page"] },
  /** The invitation's token is in the fragment, which no server sees (issue 44). */
  "/join": none,
  "/jobs/[jobId]": none,
  "/linkedin-login": signIn,
  /** `listing` and `paid` are where Stripe Checkout sends the employer back to. */
  "/listings": { browser: ["listing", "paid"] },
  "/listings/[listingId]/applicants": none,
  "/listings/[listingId]/edit": none,
  "/listings/activity": none,
  /** The directory's search, kept in the address by its GET form (issue 47). */
  "/listings/candidates": {
    browser: ["q", "department", "region", "type", "pay", "active", "page"],
  },
  "/listings/candidates/[key]": none,
  /** `paid` is where Stripe Checkout sends a pack's buyer back to. */
  "/listings/billing": { browser: ["paid"] },
  "/listings/company": none,
  "/listings/imports": none,
  "/listings/team": none,
  "/offers/[offerId]": none,
  "/pdfs/[document]/versions/[version]": none,
  "/pdfs/acceptable-use": none,
  "/pdfs/privacy": none,
  "/pdfs/tos-candidates": none,
  "/pdfs/tos-employers": none,
  "/posts/[postId]": none,
  /** The newsletter (issue 66): what the subscribe form's post came back with. */
  "/newsletter": { server: ["subscribed", "error"] },
  "/newsletter/[issueId]": none,
  /** A subscription's signed confirmation link, and done=1 once confirmed. */
  "/newsletter/confirm": { server: ["token", "done"] },
  /** An issue's signed unsubscribe link, and done=1 once unsubscribed. */
  "/newsletter/unsubscribe": { server: ["token", "done"] },
  "/preferences": none,
  "/pricing": none,
  "/profile": none,
  "/recruitment-services": { server: ["service"] },
  "/regions/[region]": jobFilters,
  /**
   * Reached through next.config.ts's rewrite of a later quarter's report path
   * (lib/report-routes.ts).
   */
  "/reports/[quarter]": none,
  "/rejected-jobs": none,
  /** Which tab is open: listings, edits, live listings, enquiries, audit. */
  "/review": { browser: ["tab"] },
  "/review/analytics": none,
  "/review/billing": none,
  "/review/legal": none,
  "/review/offer": none,
  "/review/posts": none,
  "/review/newsletter": none,
  "/review/revenue": none,
  "/review/team": none,
  "/review/settings": none,
  "/review/social": none,
  "/review/partner-offers": none,
  /** The invitation's token is in the fragment, which no server sees (features/moderation/join-link.ts). */
  "/review/join": none,
  "/review/imports": none,
  "/review/imports/[sourceId]": none,
  "/robots.txt": none,
  "/salaries": none,
  "/salaries/[department]": none,
  "/salaries/[department]/[region]": none,
  "/saved-jobs": none,
  "/settings": none,
  "/sign-in": signIn,
  "/sign-up": signIn,
  "/sitemap.xml": none,
  "/sitemaps/[file]": none,
  "/submit": { server: ["plan"] },
  "/talent": { server: ["department", "region", "page"] },
  "/types/[type]": jobFilters,
  /** An alert's signed unsubscribe link, and done=1 once the API turned the alerts off. */
  "/unsubscribe": { server: ["token", "done"] },
} as const satisfies Record<string, PageParams>;

export type PageRoute = keyof typeof PAGE_PARAMS;

type ServerParam<R extends PageRoute> = (typeof PAGE_PARAMS)[R] extends {
  server: readonly (infer P extends string)[];
}
  ? P
  : never;

/** The part of a data function's `query` its page may read: the parameters listed for it. */
export function pageQuery<R extends PageRoute>(
  route: R,
  query: ParsedUrlQuery,
): Partial<Record<ServerParam<R>, string | string[]>> {
  const allowed = serverParams(route);
  return Object.fromEntries(
    Object.entries(query).filter(([key, value]) => value !== undefined && allowed.includes(key)),
  ) as Partial<Record<ServerParam<R>, string | string[]>>;
}

export function serverParams(route: PageRoute): readonly string[] {
  const params: PageParams = PAGE_PARAMS[route];
  return params.server ?? [];
}

type CompiledRoute = { route: PageRoute; segments: string[]; dynamic: number };

const COMPILED: CompiledRoute[] = (Object.keys(PAGE_PARAMS) as PageRoute[])
  .map((route) => {
    const segments = route === "/" ? [] : route.slice(1).split("/");
    return { route, segments, dynamic: segments.filter(isDynamicSegment).length };
  })
  // Next.js prefers a page named outright over a dynamic one.
  .sort((a, b) => a.dynamic - b.dynamic);

function isDynamicSegment(segment: string): boolean {
  return /^\[[^\].]+\]$/.test(segment);
}

/**
 * The page route a path (decoded segments, without the leading slash) belongs to, and the values
 * of its dynamic segments; null when no page has that path.
 */
export function matchPageRoute(
  segments: readonly string[],
): { route: PageRoute; params: Record<string, string> } | null {
  for (const candidate of COMPILED) {
    if (candidate.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = candidate.segments.every((pattern, index) => {
      const segment = segments[index]!;
      if (!isDynamicSegment(pattern)) return pattern === segment;
      params[pattern.slice(1, -1)] = segment;
      return segment !== "";
    });
    if (matches) return { route: candidate.route, params };
  }
  // next.config.ts's rewrite, tried after the page files as Next.js does (afterFiles).
  if (segments.length === 1 && LATER_REPORT_PATH.test(`/${segments[0]}`)) {
    return { route: LATER_REPORT_PAGE satisfies PageRoute, params: {} };
  }
  return null;
}
