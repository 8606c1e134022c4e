import { HIRING_REPORTS, latestReport } from "@/features/reports/reports";
import { DEPARTMENTS, JOB_TYPES, REGIONS } from "@/lib/taxonomy";

/** One concrete URL per public route (spec §2, and later ones), and whether its header is violet. */
export const PUBLIC_PAGES: { path: string; violet: boolean }[] = [
  { path: "/", violet: true },
  ...DEPARTMENTS.map((d) => ({ path: `/departments/${d.slug}`, violet: true })),
  ...REGIONS.map((r) => ({ path: `/regions/${r.slug}`, violet: true })),
  ...JOB_TYPES.map((t) => ({ path: `/types/${t.slug}`, violet: true })),
  { path: "/blog", violet: false },
  { path: "/submit", violet: false },
  { path: "/posts/remote-work-in-the-creator-economy", violet: false },
  { path: "/offers/caplark-pro-three-months-free", violet: false },
  { path: "/about", violet: false },
  { path: "/talent", violet: false },
  { path: "/pricing", violet: false },
  { path: "/recruitment-services", violet: false },
  { path: "/sign-in", violet: false },
  { path: "/sign-up", violet: false },
  { path: "/linkedin-login", violet: false },
  { path: "/pdfs/privacy", violet: false },
  { path: "/pdfs/tos-candidates", violet: false },
  { path: "/pdfs/tos-employers", violet: false },
  { path: "/pdfs/acceptable-use", violet: false },
  ...HIRING_REPORTS.map((report) => ({ path: report.path, violet: false })),
  // A later quarter's report, through next.config.ts's rewrite: Q3 2026 on 2026-11-23.
  { path: latestReport().path, violet: false },
  // What listings pay (issue 30): every role, a role, a role in a region.
  { path: "/salaries", violet: false },
  { path: "/salaries/engineering", violet: false },
  { path: "/salaries/engineering/remote", violet: false },
];

/**
 * PUBLIC_PAGES with one department, one region and one type page: those are one template, so
 * checks of what a template renders (axe, the CSP) visit one of each rather than all thirty.
 */
export const ONE_PAGE_PER_TEMPLATE: string[] = PUBLIC_PAGES.map((entry) => entry.path).filter(
  (path) =>
    !/^\/(departments|regions|types)\//.test(path) ||
    [DEPARTMENTS[0].slug, REGIONS[0].slug, JOB_TYPES[0].slug].some((slug) =>
      path.endsWith(`/${slug}`),
    ),
);

export const PROFILE_PAGES = [
  "/profile",
  "/preferences",
  "/saved-jobs",
  "/applied-jobs",
  "/rejected-jobs",
  "/settings",
  "/invitations",
  "/jobs",
];
