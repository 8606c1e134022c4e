import type { Page } from "@playwright/test";
import { headerMenus } from "@/components/layout/navigation";
import { routes } from "@/lib/routes";
import { E2E_MODERATOR } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { newGoogleAccount, signInWithGoogle, waitForHydration } from "./support/auth";
import { watchViolations } from "./support/csp";
import { jobAndCompanyPages } from "./support/board-pages";
import { expect, prepareContext, test } from "./support/fixtures";
import { postListing } from "./support/listings";
import { expectSecurityHeaders } from "./support/security-headers";
import { ONE_PAGE_PER_TEMPLATE, PROFILE_PAGES } from "./routes";

/*
 * A walk through every page template, signed out and signed in, at desktop and phone width, each
 * page loaded once until it has hydrated, and on every page:
 * - axe with every rule (best practices and experimental ones too, not only WCAG), with the
 *   header's menus and the phone menu panel open too: no violation of any impact;
 * - not one Content-Security-Policy violation in Chromium (through the sign-in popup too);
 * - at desktop width, the security headers of each document (docs/security-and-caching.md).
 * Each walk collects every page's findings, so a failure lists them all at once. (The axe walks
 * and the CSP walks used to load the same pages twice each, issue 41.)
 */

// The walks are independent (each signs in its own people): they spread over the workers
// rather than run one after another in one of them, which left the other idle for two minutes
// at the end of the suite (issue 41).
test.describe.configure({ mode: "parallel" });

const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

/**
 * Pages whose documents only the headers are checked on: signed out, the profile area and the
 * employer's and moderator's pages send the visitor to sign in (whose page axe reads anyway);
 * signed in, a public page differs from its signed-out self only by the header's account menu,
 * the same on every template, so a few of them stand for the rest.
 */
const SIGNED_OUT_HEADERS_ONLY = [...PROFILE_PAGES, routes.review, routes.listings, "/posts"];
const SIGNED_IN_HEADERS_ONLY = [
  routes.review,
  "/posts",
  "/no-such-page",
  ONE_PAGE_PER_TEMPLATE.find((path) => path.startsWith("/departments/"))!,
  routes.talent,
  "/salaries",
];

type Found = Record<string, unknown>;

async function scan(page: Page, found: Found, label: string) {
  const violations = await axeViolations(page);
  if (violations.length > 0) found[label] = violations;
}

/** Loads `path` (the fixture waits for hydration), with its headers checked at desktop width. */
async function load(page: Page, path: string, desktop: boolean) {
  const response = await page.goto(path);
  if (desktop) await expectSecurityHeaders(response, path);
}

/** On the profile overview, which sends whoever is signed out to sign in. */
async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === routes.profile);
  await expect(page.getByRole("heading", { level: 1, name: "Profile overview" })).toBeVisible();
}

/** The open menus: the header's dropdowns on a desktop, the menu panel and its sub-menus on a phone. */
async function scanOpenMenus(page: Page, phone: boolean, found: Found, label: string) {
  await page.goto(routes.home);
  if (phone) {
    const panel = page.getByRole("dialog");
    // Scanned as React has it; the browser opens it (a popover) before and after alike.
    const open = page.getByRole("button", { name: "Open menu" });
    await waitForHydration(open);
    await open.click();
    await expect(panel).toBeVisible();
    await scan(page, found, `${label} menu panel`);
    for (const menu of headerMenus()) {
      await panel.locator("summary", { hasText: menu.label }).click();
    }
    await expect(panel.getByRole("link", { name: "Sponsored Listings" })).toBeVisible();
    await scan(page, found, `${label} menu panel, sub-menus open`);
    return;
  }
  for (const menu of headerMenus()) {
    // As a person's mouse does, the pointer comes over the button before it presses: the menu's
    // script loads then (nav-menu-on-demand.tsx), and the press goes to the menu's own button,
    // once, however long the loading takes. (Moved and pressed at once, a press could reach the
    // stand-in and the menu both, and close what it opened.)
    const button = page.getByRole("button", { name: menu.label });
    await button.hover();
    await expect(button).toHaveAttribute("id", /^headlessui-menu-button/);
    await waitForHydration(button);
    await button.click();
    await expect(page.getByRole("menu")).toBeVisible();
    await scan(page, found, `${label} ${menu.label} menu`);
    // Arrow keys make an item active: its highlight is checked too.
    await page.keyboard.press("ArrowDown");
    await scan(page, found, `${label} ${menu.label} menu, an item active`);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
  }
}

for (const width of WIDTHS) {
  const desktop = width.name === "desktop";

  test.describe(`at ${width.name} width`, () => {
    test.use({ viewport: width.viewport });

    test("signed out: every public page, with no axe or CSP violation", async ({
      page,
      context,
    }) => {
      test.setTimeout(240_000);
      const violations = await watchViolations(context);
      const found: Found = {};
      const [job, company] = await jobAndCompanyPages(page);
      for (const path of [...ONE_PAGE_PER_TEMPLATE, "/no-such-page", job, company]) {
        await load(page, path, desktop);
        await scan(page, found, path);
      }
      expect(found).toEqual({});
      expect(violations).toEqual([]);
    });

    // Apart from the pages' walk, so each has its own time on a loaded machine (the walk with
    // both ran out of its four minutes while the machine was shared, at the menus).
    test("signed out: the open menus and the sign-in redirects, with no axe or CSP violation", async ({
      page,
      context,
    }) => {
      const violations = await watchViolations(context);
      const found: Found = {};
      if (desktop) for (const path of SIGNED_OUT_HEADERS_ONLY) await load(page, path, desktop);
      await scanOpenMenus(page, !desktop, found, "signed out:");
      expect(found).toEqual({});
      expect(violations).toEqual([]);
    });

    test("signed in: the profile area, the board and an open menu, with no axe or CSP violation", async ({
      page,
      context,
      browser,
    }) => {
      test.setTimeout(240_000);
      const found: Found = {};

      // The moderator's queue, in a context of their own.
      const moderator = await browser.newContext({ viewport: width.viewport });
      await prepareContext(moderator);
      const moderatorViolations = await watchViolations(moderator);
      const review = await moderator.newPage();
      await review.goto(routes.signIn);
      await signInWithGoogle(review, E2E_MODERATOR);
      await load(review, routes.review, desktop);
      await expect(review.getByRole("heading", { level: 1 })).toBeVisible();
      await scan(review, found, "moderator: /review");
      await moderator.close();
      expect(moderatorViolations, "the moderator's sign-in and queue").toEqual([]);

      // An employer with a listing, who is a candidate too, signed in through the popup.
      const violations = await watchViolations(context);
      await page.goto(routes.signIn);
      await signInWithGoogle(page, newGoogleAccount("walk"));
      await expectSignedIn(page);
      expect(violations, "during sign-in").toEqual([]);
      const listingId = await postListing(page, "Axe Studio", `Axe check ${width.name}`);
      // A saved search (issue 29), so /preferences lists one; its dialog is scanned open.
      await page.goto(`${routes.department("design")}?q=editor`);
      await page.getByRole("button", { name: "Save this search" }).click();
      const saveSearch = page.getByRole("dialog", { name: "Save this search" });
      await expect(saveSearch).toBeVisible();
      await scan(page, found, "signed in: the save-search dialog");
      await saveSearch.getByRole("button", { name: "Save search" }).click();
      await expect(page.getByRole("link", { name: "Saved — manage on Preferences" })).toBeVisible();
      await scan(page, found, "signed in: a saved search's list page");
      const [job, company] = await jobAndCompanyPages(page);
      for (const path of [
        ...PROFILE_PAGES,
        routes.listings,
        routes.companyEditor,
        routes.listingEdit(listingId),
        routes.home,
        routes.submit,
        routes.pricing,
        job,
        company,
      ]) {
        await load(page, path, desktop);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await scan(page, found, path);
      }
      if (desktop) for (const path of SIGNED_IN_HEADERS_ONLY) await load(page, path, desktop);
      await scanOpenMenus(page, !desktop, found, "signed in:");
      // Still signed in at the end of it all.
      await page.goto(routes.profile);
      await expectSignedIn(page);
      expect(found).toEqual({});
      expect(violations).toEqual([]);
    });
  });
}
