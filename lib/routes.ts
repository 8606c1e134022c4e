import { HIRING_REPORTS, LATER_REPORT_PAGE } from "@/lib/report-routes";

/** The id of the form section asking where a job can be done, on /submit and a listing's edit. */
export const PLACE_SECTION_ID = "where";

export const routes = {
  home: "/",
  jobs: "/jobs",
  blog: "/blog",
  blogFeed: "/blog/rss.xml",
  submit: "/submit",
  /** /submit with a listing plan already chosen (from /pricing). */
  submitWithPlan: (plan: string) => `/submit?plan=${encodeURIComponent(plan)}`,
  /** The employer's own listings and where each stands. */
  listings: "/listings",
  /** The employer's company profile: name, website, about, logo. */
  companyEditor: "/listings/company",
  /** The company's team: members, roles, invitations, handover (issue 44). */
  team: "/listings/team",
  /** The company's billing: who its invoices are made out to (issue 45). */
  billing: "/listings/billing",
  /** Jobs imported from the company's applicant tracking system (issue 46). */
  imports: "/listings/imports",
  /** The candidate directory, employers only: search, and the invitations sent (issue 47). */
  candidates: "/listings/candidates",
  /** A candidate's profile in the directory, by its key (features/directory/directory.ts). */
  candidate: (key: string) => `/listings/candidates/${encodeURIComponent(key)}`,
  /** Who did what in the company, for its owner and admins. */
  companyActivity: "/listings/activity",
  /** Where someone at a company's domain claims a company the board added (issue 46). */
  claimCompany: (slug: string) => `/claim/${encodeURIComponent(slug)}`,
  /** Where an invitation's link leads: /join#{token} (the token never reaches a server log). */
  joinCompany: "/join",
  /** The edit form of one of the employer's listings. */
  listingEdit: (id: number) => `/listings/${id}/edit`,
  /** The same form, at where the job can be done (features/listings/components/place-fields.tsx). */
  listingPlace: (id: number) => `/listings/${id}/edit#${PLACE_SECTION_ID}`,
  /** A listing's applicants, for its employer (issue 27). */
  listingApplicants: (id: number) => `/listings/${id}/applicants`,
  /** The moderators' review queue. */
  review: "/review",
  /** The audit log's history of one subject, on /review's audit tab: a plan's, a coupon's. */
  reviewHistory: (subjectType: string, subjectId: number) =>
    `/review?tab=audit&subject_type=${subjectType}&subject_id=${subjectId}`,
  /** The moderators' invoices: unpaid and overdue ones, refunds, payment terms (issue 45). */
  reviewBilling: "/review/billing",
  /** The moderators' console of what the board sells: plans, packs, currency (issue 63). */
  reviewOffer: "/review/offer",
  reviewLegal: "/review/legal",
  reviewPosts: "/review/posts",
  reviewNewsletter: "/review/newsletter",
  newsletter: "/newsletter",
  /** One sent issue in the newsletter's archive (issue 66). */
  newsletterIssue: (issueId: number) => `/newsletter/${issueId}`,
  /** The owner's revenue by month, product and coupon, with CSV (issue 63). */
  reviewRevenue: "/review/revenue",
  /** What the board learns from itself (issue 65): traffic, searches, the funnel, alerts. */
  reviewAnalytics: "/review/analytics",
  /** The moderators' imports: every ATS source, its first import to approve (issue 46). */
  reviewImports: "/review/imports",
  /** The board's own team (issue 64): owners invite, change roles, remove. */
  reviewTeam: "/review/team",
  reviewSettings: "/review/settings",
  /** The board's social channels and what was posted there (issue 66). */
  reviewSocial: "/review/social",
  reviewPartnerOffers: "/review/partner-offers",
  /** Where an invitation to the board's team is accepted (its token after the #). */
  joinBoard: "/review/join",
  /** One import source's first import, reviewed listing by listing before it is approved. */
  reviewImport: (id: number) => `/review/imports/${id}`,
  about: "/about",
  talent: "/talent",
  pricing: "/pricing",
  recruitmentServices: "/recruitment-services",
  signIn: "/sign-in",
  signUp: "/sign-up",
  linkedinLogin: "/linkedin-login",
  profile: "/profile",
  preferences: "/preferences",
  savedJobs: "/saved-jobs",
  appliedJobs: "/applied-jobs",
  /** Employers' invitations to apply, and the companies the candidate stopped (issue 47). */
  invitations: "/invitations",
  rejectedJobs: "/rejected-jobs",
  settings: "/settings",
  /** Settings' "Who can see your profile" (features/directory/components/profile-privacy.tsx). */
  profileVisibility: "/settings#visibility",
  /** What listings pay: every role, a role, or a role in a region (issue 30). */
  salaries: (department?: string, region?: string) =>
    `/salaries${department ? `/${encodeURIComponent(department)}` : ""}${
      department && region ? `/${encodeURIComponent(region)}` : ""
    }`,
  department: (slug: string) => `/departments/${encodeURIComponent(slug)}`,
  region: (slug: string) => `/regions/${encodeURIComponent(slug)}`,
  type: (slug: string) => `/types/${encodeURIComponent(slug)}`,
  /** A company's public page: who they are and their open jobs. */
  company: (slug: string) => `/companies/${encodeURIComponent(slug)}`,
  /** A company's live listings as a light page for its own careers site to frame (issue 66). */
  companyEmbed: (slug: string) => `/embed/companies/${encodeURIComponent(slug)}`,
  /** The web component's script (`<creator-jobs company="slug">`), served from public/. */
  embedScript: "/embed.js",
  job: (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`,
  post: (postIdOrPath: string) => `/posts/${encodeURIComponent(postIdOrPath)}`,
  offer: (offerId: string) => `/offers/${encodeURIComponent(offerId)}`,
  legal: {
    privacy: "/pdfs/privacy",
    tosCandidates: "/pdfs/tos-candidates",
    tosEmployers: "/pdfs/tos-employers",
    acceptableUse: "/pdfs/acceptable-use",
  },
} as const;

/**
 * Routes as Next.js names them in `router.pathname` (dynamic segments in brackets).
 * The public header and footer show only on these, and signing out on one stays put.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  routes.home,
  routes.blog,
  routes.submit,
  "/departments/[department]",
  "/regions/[region]",
  "/types/[type]",
  "/companies/[slug]",
  "/jobs/[jobId]",
  "/posts/[postId]",
  "/offers/[offerId]",
  routes.about,
  routes.talent,
  routes.pricing,
  routes.recruitmentServices,
  routes.signIn,
  routes.signUp,
  routes.linkedinLogin,
  ...Object.values(routes.legal),
  "/pdfs/[document]/versions/[version]",
  ...HIRING_REPORTS.map((report) => report.path),
  LATER_REPORT_PAGE,
  "/salaries",
  "/salaries/[department]",
  "/salaries/[department]/[region]",
  // The board's newsletter and its archive (issue 66).
  routes.newsletter,
  "/newsletter/[issueId]",
];

/** Public routes whose header uses the violet theme. */
export const VIOLET_ROUTES: readonly string[] = [
  routes.home,
  "/departments/[department]",
  "/regions/[region]",
  "/types/[type]",
  "/companies/[slug]",
  "/jobs/[jobId]",
];

/** The authenticated area: these render inside the profile layout. */
export const PROFILE_ROUTES: readonly string[] = [
  routes.profile,
  routes.preferences,
  routes.savedJobs,
  routes.appliedJobs,
  routes.invitations,
  routes.rejectedJobs,
  routes.settings,
  routes.jobs,
  routes.listings,
  routes.companyEditor,
  routes.team,
  routes.companyActivity,
  routes.billing,
  routes.imports,
  routes.candidates,
  "/listings/candidates/[key]",
  "/listings/[listingId]/edit",
  "/listings/[listingId]/applicants",
  routes.review,
  routes.reviewBilling,
  routes.reviewOffer,
  routes.reviewLegal,
  routes.reviewPosts,
  routes.reviewNewsletter,
  routes.reviewRevenue,
  routes.reviewAnalytics,
  routes.reviewImports,
  "/review/imports/[sourceId]",
  routes.reviewTeam,
  routes.reviewSettings,
  routes.reviewSocial,
  routes.reviewPartnerOffers,
  routes.joinBoard,
];

/** The pages that sign a visitor in; a signed-in visitor on one goes on to `next` or /profile. */
export const SIGN_IN_ROUTES: readonly string[] = [
  routes.signIn,
  routes.signUp,
  routes.linkedinLogin,
];

/** The sign-in page, coming back to `next` (a path on this site) afterwards. */
export const signInThenBackTo = (next: string) =>
  `${routes.signIn}?next=${encodeURIComponent(next)}`;

/** `next` when it is a path on this site, otherwise the profile: never an open redirect. */
export function safeNextPath(next: unknown): string {
  // Browsers drop tabs and newlines from URLs, so "/\t/evil.example" would become "//evil.example".
  if (typeof next !== "string" || !/^\/(?![\\/])/.test(next) || /[\s\u0000-\u001f]/.test(next)) {
    return routes.profile;
  }
  return next;
}

export const isPublicRoute = (pathname: string) => PUBLIC_ROUTES.includes(pathname);
export const isVioletRoute = (pathname: string) => VIOLET_ROUTES.includes(pathname);
export const isProfileRoute = (pathname: string) => PROFILE_ROUTES.includes(pathname);

/**
 * The pages other sites may frame (issue 66): under /embed/, each a light page with no script.
 * They get no layout, no inline scripts (pages/_document.tsx) and, from the server layer,
 * `frame-ancestors *` instead of the board's `'none'` (lib/server/http/security-headers.ts).
 */
export const EMBED_ROUTES: readonly string[] = ["/embed/companies/[slug]"];
export const isEmbedRoute = (pathname: string) => EMBED_ROUTES.includes(pathname);
/** A request path (no query) of an embed page, as the server layer sees it. */
export const EMBED_PATH_PREFIX = "/embed/";
export const isEmbedPath = (path: string) => path.startsWith(EMBED_PATH_PREFIX);
