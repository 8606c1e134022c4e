import type { Page } from "@playwright/test";
import { headerMenus } from "@/components/layout/navigation";
import { routes } from "@/lib/routes";
import { E2E_MODERATOR } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { newGoogleAccount, signInWithGoogle, waitForHydration } from "./support/auth";
import { expect, prepareContext, test } from "./support/fixtures";
import { postListing } from "./support/listings";
import { ONE_PAGE_PER_TEMPLATE, PROFILE_PAGES } from "./routes";

/*
 * Axe with every rule (best practices and experimental ones too, not only WCAG) on every route
 * at desktop and phone width, with the header's menus and the phone menu panel open, signed out
 * and signed in: no violation of any impact. One browser page per group keeps it quick; each
 * group collects every page's violations, so a failure lists them all at once.
 */

const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

const SIGNED_OUT_PAGES = [...ONE_PAGE_PER_TEMPLATE, "/no-such-page"];

type Found = Record<string, Awaited<ReturnType<typeof axeViolations>>>;

async function scan(page: Page, found: Found, label: string) {
  const violations = await axeViolations(page);
  if (violations.length > 0) found[label] = violations;
}

/** A job page and its company's page, found from the board's first job. */
async function jobAndCompanyPages(page: Page): Promise<[string, string]> {
  await page.goto(routes.home);
  const job = (await page
    .getByRole("article")
    .first()
    .getByRole("heading")
    .getByRole("link")
    .getAttribute("href"))!;
  await page.goto(job);
  const company = (await page.locator('main a[href^="/companies/"]').first().getAttribute("href"))!;
  return [job, company];
}

/** The open menus: the header's dropdowns on a desktop, the menu panel and its sub-menus on a phone. */
async function scanOpenMenus(page: Page, phone: boolean, found: Found, label: string) {
  await page.goto(routes.home);
  if (phone) {
    const panel = page.getByRole("dialog");
    // Once, when React handles it: a second press while the first is still opening the panel
    // (on a slow machine, over a second) would close it again (issue 41).
    const open = page.getByRole("button", { name: "Open menu" });
    await waitForHydration(open);
    await open.click();
    await expect(panel).toBeVisible();
    await scan(page, found, `${label} menu panel`);
    for (const menu of headerMenus()) {
      await panel.getByRole("button", { name: menu.label }).click();
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
  test.describe(`at ${width.name} width`, () => {
    test.use({ viewport: width.viewport });

    test("signed out: no axe violation on any public page or open menu", async ({ page }) => {
      test.setTimeout(240_000);
      const found: Found = {};
      for (const path of [...SIGNED_OUT_PAGES, ...(await jobAndCompanyPages(page))]) {
        await page.goto(path);
        await scan(page, found, path);
      }
      await scanOpenMenus(page, width.name === "phone", found, "signed out:");
      expect(found).toEqual({});
    });

    test("signed in: no axe violation in the profile area, the board or an open menu", async ({
      page,
      browser,
    }) => {
      test.setTimeout(240_000);
      const found: Found = {};

      // The moderator's queue, in a context of their own.
      const moderator = await browser.newContext({ viewport: width.viewport });
      await prepareContext(moderator);
      const review = await moderator.newPage();
      await review.goto(routes.signIn);
      await signInWithGoogle(review, E2E_MODERATOR);
      await review.goto(routes.review);
      await expect(review.getByRole("heading", { level: 1 })).toBeVisible();
      await scan(review, found, "moderator: /review");
      await moderator.close();

      // An employer with a listing, who is a candidate too.
      await page.goto(routes.signIn);
      await signInWithGoogle(page, newGoogleAccount("axe"));
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
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await scan(page, found, path);
      }
      await scanOpenMenus(page, width.name === "phone", found, "signed in:");
      expect(found).toEqual({});
    });
  });
}

test("every control on /submit shows where the keyboard focus is", async ({ page }) => {
  await page.goto(routes.submit);
  await expect(page.getByRole("button", { name: "Submit for review" })).toBeVisible();
  const unmarked: string[] = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    // The control's outline and shadow with the focus and without it must differ.
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const look = () => {
        const style = getComputedStyle(element);
        const outline =
          style.outlineStyle === "none" || parseFloat(style.outlineWidth) === 0
            ? "none"
            : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
        return `${outline} | ${style.boxShadow} | ${style.borderColor}`;
      };
      const withFocus = look();
      element.blur();
      const withoutFocus = look();
      element.focus();
      const name =
        element.getAttribute("aria-label") ||
        element.textContent?.trim().slice(0, 40) ||
        element.getAttribute("name") ||
        element.id;
      return {
        name: `${element.tagName.toLowerCase()} "${name}"`,
        marked: withFocus !== withoutFocus,
      };
    });
    if (!focused) continue;
    if (!focused.marked) unmarked.push(focused.name);
    if (focused.name.includes("Submit for review")) break;
  }
  expect(unmarked).toEqual([]);
});

test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("no page scrolls sideways", async ({ page }) => {
    const [job, company] = await jobAndCompanyPages(page);
    const wide: Record<string, number> = {};
    for (const path of [routes.home, routes.pricing, routes.submit, routes.talent, job, company]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) wide[path] = overflow;
    }
    expect(wide).toEqual({});
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the first screen of the board shows a job and one search form", async ({ page }) => {
    await page.goto(routes.home);
    await expect(page.getByRole("search")).toHaveCount(1);
    const firstJob = await page.getByRole("article").first().boundingBox();
    expect(firstJob!.y + firstJob!.height / 2).toBeLessThan(844);
  });
});
