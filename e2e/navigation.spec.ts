import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { formatCount } from "@/lib/format";
import { latestReport, reportSlug } from "@/features/reports/reports";
import { routes } from "@/lib/routes";
import { E2E_MODERATOR } from "./support/accounts";
import { newGoogleAccount, signInWithGoogle, type GoogleAccount } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { fillListing, moderatorPage, postListing } from "./support/listings";
import { lookAt } from "./support/screenshots";

/*
 * Issue 61: a user walk at 1280×900 and 390×844 found pages no menu reached (a candidate's
 * applications and invitations on a phone, an employer's billing, team and imports), employers
 * treated as candidates at sign-in and on /submit, and the salaries pages in no menu.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const onPath = (path: string) => (url: URL) => url.pathname === path;

/** Every candidate's pages, as the menus name them. */
const CANDIDATE_PAGES: [string, string][] = [
  ["Profile overview", routes.profile],
  ["Preferences", routes.preferences],
  ["Favorite jobs", routes.savedJobs],
  ["Applications", routes.appliedJobs],
  ["Not interested", routes.rejectedJobs],
  ["Invitations", routes.invitations],
  ["Settings", routes.settings],
  ["Jobs for you", routes.jobs],
];

/** A company owner's pages besides. */
const EMPLOYER_PAGES: [string, string][] = [
  ["Your listings", routes.listings],
  ["Find candidates", routes.candidates],
  ["Company page", routes.companyEditor],
  ["Team", routes.team],
  ["Company activity", routes.companyActivity],
  ["Billing", routes.billing],
  ["Imports", routes.imports],
];

/** A moderator's pages besides. */
const MODERATOR_PAGES: [string, string][] = [
  ["Review queue", routes.review],
  ["Invoices", routes.reviewBilling],
  ["Prices and plans", routes.reviewOffer],
  ["Blog posts", routes.reviewPosts],
  ["Revenue", routes.reviewRevenue],
  ["Analytics", routes.reviewAnalytics],
  ["ATS imports", routes.reviewImports],
];

/** The profile area's phone menu, opened from its top bar. */
async function openPhoneMenu(page: Page): Promise<Locator> {
  await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Your pages" });
  await expect(menu).toBeVisible();
  return menu;
}

/** The desktop sidebar of the profile area. */
async function sidebar(page: Page): Promise<Locator> {
  return page.getByRole("navigation", { name: "Profile" });
}

/** Follows each of `pages` from the menu `open` shows, each in one tap. */
async function reachEach(
  page: Page,
  open: (page: Page) => Promise<Locator>,
  pages: [string, string][],
) {
  for (const [label, path] of pages) {
    const menu = await open(page);
    await menu.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(onPath(path));
  }
}

async function signOut(page: Page) {
  await page.setViewportSize(DESKTOP);
  await page.goto(routes.settings);
  await page
    .getByRole("navigation", { name: "Profile" })
    .getByRole("button", { name: "Sign out" })
    .click();
  await expect(page).toHaveURL(onPath(routes.home));
  await expect(
    page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true }),
  ).toBeVisible();
}

test("a candidate reaches every page of theirs from a menu, on a phone and a desktop", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(PHONE);
  await signInWithGoogle(page, newGoogleAccount("nav-candidate"));
  await expect(page).toHaveURL(onPath(routes.profile));

  // The spec's bottom bar is as it was; the top bar's menu has the rest.
  const bar = page.getByRole("navigation", { name: "Profile sections" });
  await expect(bar.getByRole("link")).toHaveText([
    "Overview",
    "Prefer.",
    "Jobs",
    "Settings",
    "Support",
  ]);
  const menu = await openPhoneMenu(page);
  await expect(menu.getByRole("heading", { name: "Hiring" })).toHaveCount(0);
  await lookAt(page, "nav-candidate-menu-390", "viewport");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await reachEach(page, openPhoneMenu, CANDIDATE_PAGES);

  // On a public page, the header's phone menu lists them too.
  await page.goto(routes.about);
  await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
  const yours = page.getByRole("dialog", { name: "Menu" }).getByRole("navigation", {
    name: "Your pages",
  });
  await yours.getByRole("link", { name: "Invitations", exact: true }).click();
  await expect(page).toHaveURL(onPath(routes.invitations));

  await page.setViewportSize(DESKTOP);
  await reachEach(page, sidebar, CANDIDATE_PAGES);
});

test("an employer reaches their company's pages from a menu, lands on their listings, and finds their company on /submit", async ({
  page,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 6);
  const company = `Nav Studio ${suffix}`;
  const owner: GoogleAccount = newGoogleAccount("nav-employer");
  await page.setViewportSize(DESKTOP);
  await signInWithGoogle(page, owner);
  await postListing(page, company, `Community Manager ${suffix}`);

  // A returning employer's company is filled in on /submit.
  await page.goto(routes.submit);
  await expect(page.getByLabel("Company name", { exact: true })).toHaveValue(company);
  await expect(page.getByLabel("Website", { exact: true })).toHaveValue("https://studio.example");

  // On the board's desktop header, the Hiring menu leads to their listings by keyboard.
  await page.goto(routes.about);
  const hiring = page.getByRole("banner").getByRole("button", { name: "Hiring" });
  await hiring.focus();
  await page.keyboard.press("Enter");
  const dropdown = page.getByRole("menu");
  await expect(dropdown.getByRole("menuitem", { name: "Your listings" })).toHaveAttribute(
    "data-focus",
  );
  await lookAt(page, "nav-employer-header-1280", "viewport");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(onPath(routes.listings));

  await reachEach(page, sidebar, EMPLOYER_PAGES);
  await page.setViewportSize(PHONE);
  await lookAt(page, "nav-employer-390", "viewport");
  await reachEach(page, openPhoneMenu, [...EMPLOYER_PAGES, ["Applications", routes.appliedJobs]]);
  await openPhoneMenu(page);
  await lookAt(page, "nav-employer-menu-390", "viewport");

  // Signing in again with nowhere to go back to, they land on their listings.
  await signOut(page);
  await page.goto(routes.signIn);
  await expect(page.getByRole("link", { name: "terms for employers", exact: true })).toBeVisible();
  await expect(page.getByText(/post jobs, manage your applicants/i)).toBeVisible();
  await lookAt(page, "nav-sign-in-1280", "viewport");
  await signInWithGoogle(page, owner);
  await expect(page).toHaveURL(onPath(routes.listings));

  // From a page's header, they come back to that page.
  await signOut(page);
  await page.goto(routes.pricing);
  await page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === routes.signIn && url.searchParams.get("next") === routes.pricing,
  );
  await signInWithGoogle(page, owner);
  await expect(page).toHaveURL(onPath(routes.pricing));
});

test("a moderator reaches the review queue, invoices and imports from a menu, phone and desktop", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(PHONE);
  await page.goto(routes.signIn);
  await signInWithGoogle(page, E2E_MODERATOR);
  await expect(page).toHaveURL(onPath(routes.review));
  await reachEach(page, openPhoneMenu, [...MODERATOR_PAGES, ["Invitations", routes.invitations]]);

  await page.setViewportSize(DESKTOP);
  await reachEach(page, sidebar, MODERATOR_PAGES);
  await page.goto(routes.blog);
  await page.getByRole("banner").getByRole("button", { name: "Moderation" }).click();
  await page.getByRole("menuitem", { name: "Invoices" }).click();
  await expect(page).toHaveURL(onPath(routes.reviewBilling));
});

test("with a credit chosen on /submit, the price panel says a credit pays and nothing is due", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = randomUUID().slice(0, 6);
  const company = `Ledger Nav ${suffix}`;
  await page.setViewportSize(DESKTOP);
  await signInWithGoogle(page, newGoogleAccount("nav-credit"));
  await postListing(page, company, `Editor ${suffix}`);

  // A pack of 3 Sponsored listings, paid: 3 credits.
  await page.goto(routes.billing);
  await page.getByRole("button", { name: "Buy 3 Sponsored listings" }).click();
  await page
    .getByRole("dialog", { name: "Buy 3 Sponsored listings?" })
    .getByRole("button", { name: "Buy for $499" })
    .click();
  const status = page.locator("#packs").getByRole("status");
  await expect(status).toContainText(/Bought\. Invoice \d{4}-\d{6}/);
  const number = /(\d{4}-\d{6})/.exec((await status.textContent())!)![1]!;
  const moderator = await moderatorPage(browser);
  await moderator.page.goto(routes.reviewBilling);
  const section = moderator.page.getByRole("region", { name: company, exact: true });
  await section.getByRole("button", { name: `Mark paid ${number}` }).click();
  await moderator.page
    .getByRole("dialog", { name: `Mark ${number} paid?` })
    .getByRole("button", { name: "Mark paid" })
    .click();
  await expect(section.getByRole("button", { name: `Mark paid ${number}` })).toHaveCount(0);
  await moderator.close();

  await fillListing(page, company, `Shorts Producer ${suffix}`, "sponsored");
  const panel = page.getByRole("region", { name: "Listing preview" });
  const toPay = panel.getByRole("definition").filter({ hasText: /^\$/ });
  await expect(page.getByRole("radio", { name: "Use a credit (3 left)" })).toBeChecked();
  await expect(toPay).toHaveText("$0");
  await expect(panel).toContainText("1 Sponsored credit");
  await lookAt(page, "nav-submit-credit-1280", "viewport");
  await page.getByRole("radio", { name: /Pay now/ }).check();
  await expect(toPay).toHaveText("$199");
  await expect(panel).not.toContainText("credit");
});

test("the salaries pages are in the Resources menu and the footer", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(routes.about);
  await page.getByRole("banner").getByRole("button", { name: "Resources" }).click();
  await page.getByRole("menuitem", { name: /^Salaries/ }).click();
  await expect(page).toHaveURL(onPath(routes.salaries()));

  await page.setViewportSize(PHONE);
  await page.goto(routes.blog);
  await page
    .getByRole("navigation", { name: "Pages" })
    .getByRole("link", { name: "Salaries" })
    .click();
  await expect(page).toHaveURL(onPath(routes.salaries()));
  await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
  const panel = page.getByRole("dialog", { name: "Menu" });
  await panel.getByText("Resources", { exact: true }).click();
  await expect(panel.getByRole("link", { name: "Salaries" })).toHaveAttribute("href", "/salaries");
});

test("the Resources menu states the latest report's own figures", async ({ page, request }) => {
  const latest = latestReport();
  const report = (await (
    await request.get(`/api/reports/${reportSlug(latest.quarter)}`)
  ).json()) as {
    open_roles: number;
    hiring_companies: number;
  };
  await page.setViewportSize(DESKTOP);
  await page.goto(routes.blog);
  await page.getByRole("banner").getByRole("button", { name: "Resources" }).click();
  const item = page.getByRole("menuitem", { name: `Hiring Trends Report ${latest.quarter}` });
  await expect(item).toContainText(
    `${formatCount(report.open_roles)} ${report.open_roles === 1 ? "role" : "roles"} at ${formatCount(report.hiring_companies)} ${report.hiring_companies === 1 ? "company" : "companies"}`,
  );
  await expect(item).not.toContainText("1,250+");
  await lookAt(page, "nav-resources-1280", "viewport");
});
