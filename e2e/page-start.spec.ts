import { test as base, type Page, type Request } from "@playwright/test";
import { SIGNED_IN_HINT } from "@/lib/auth/signed-in-hint";
import { expect, untilHydrated } from "./support/fixtures";

/*
 * When a public page's scripts start (lib/page-start.ts): an anonymous visitor's page asks for
 * none until the visitor is about to use it, works meanwhile (links, the filter form, the apply
 * link and its count), and a button pressed before React has it is pressed again once React does.
 * Someone signed in here gets the scripts once the page has painted. These tests use Playwright's
 * own `test`: the app's fixture moves the mouse after each navigation, which starts the scripts.
 */
const test = base;

/** Every script of the app's the page asks for. */
function appScripts(page: Page): Request[] {
  const asked: Request[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" && request.url().includes("/_next/static/")) {
      asked.push(request);
    }
  });
  return asked;
}

test("an anonymous visitor's page asks for no script until it is used, and works meanwhile", async ({
  page,
}) => {
  const scripts = appScripts(page);
  await page.goto("/departments/design");
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);

  // The filter form is a plain GET and works before the scripts run; so does a link.
  await page.route("**/_next/static/**", (route) =>
    route.request().resourceType() === "script" ? route.abort() : route.fallback(),
  );
  await page.getByLabel("Keyword").fill("video");
  await page.getByRole("button", { name: "Search", exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/departments\/design\?q=video$/);
  await expect(page.getByLabel("Keyword")).toHaveValue("video");
  const link = page.getByRole("article").first().getByRole("link").first();
  const href = (await link.getAttribute("href"))!;
  await link.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a page only read fetches none of its scripts, not even into the cache", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js")) {
      fetched.push(url.pathname);
    }
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  // The browser is idle after the load (where a prefetch used to be added): still nothing.
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))),
  );
  expect(fetched).toEqual([]);
  expect(await page.evaluate(() => document.querySelectorAll('link[rel="prefetch"]').length)).toBe(
    0,
  );
  expect(await page.evaluate(() => "next" in window)).toBe(false);
});

test("Inter's Latin Extended file comes only for a page that shows one of its letters", async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
  });
  await page.goto("/pricing");
  await page.waitForLoadState("networkidle");
  // The preloaded Latin subset alone (scripts/subset-inter.mjs).
  expect(fonts).toHaveLength(1);
  expect(fonts[0]).not.toContain("latin-ext");
  // A Polish name on the page: the browser asks for the second file (its unicode-range) and
  // draws the letters in Inter, not the fallback.
  await page.evaluate(() => {
    const name = document.createElement("p");
    name.textContent = "Zażółć gęślą jaźń, Łódź";
    document.querySelector("main")!.append(name);
  });
  await expect.poll(() => fonts.some((font) => font.includes("latin-ext"))).toBe(true);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some(
          (face) =>
            face.family.replaceAll('"', "") === "Inter Latin Ext" && face.status === "loaded",
        ),
      ),
    )
    .toBe(true);
});

test("a pointer moving over the page starts its scripts", async ({ page }) => {
  const scripts = appScripts(page);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
  await page.mouse.move(200, 300);
  await untilHydrated(page);
  expect(scripts.length).toBeGreaterThan(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a tap on the menu button opens the menu at once, with the scripts held back", async ({
    page,
  }) => {
    // The page's scripts do not come until released: as on a slow phone, seconds after a tap.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/**", async (route) => {
      if (route.request().resourceType() === "script") await released;
      await route.fallback();
    });
    await page.goto("/");
    const open = page.getByRole("button", { name: "Open menu" });
    await open.tap();
    // Answered by the browser within 100 ms (issue 42): a second tap is never needed.
    const panel = page.getByRole("dialog", { name: "Menu" });
    await expect(panel).toBeVisible({ timeout: 100 });
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused({ timeout: 100 });
    expect(await page.evaluate(() => "next" in window)).toBe(false);
    // Its sub-menus open without the scripts too, and a link in them is a plain link.
    await panel.locator("summary", { hasText: "Pricing" }).tap();
    await expect(panel.getByRole("link", { name: "Sponsored Listings" })).toBeVisible({
      timeout: 100,
    });
    // Not kept for React, to be pressed again: that would close the menu it opened.
    await expect(open).not.toHaveAttribute("aria-busy");

    release();
    await untilHydrated(page);
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("a button that needs the scripts shows at once that its tap was taken", async ({ page }) => {
    await page.route("**/_next/static/**", (route) =>
      route.request().resourceType() === "script" ? route.abort() : route.fallback(),
    );
    await page.goto("/departments/design");
    const save = page.getByRole("article").first().getByRole("button").first();
    const opacity = () => save.evaluate((button) => getComputedStyle(button).opacity);
    const before = await opacity();
    await save.tap();
    await expect(save).toHaveAttribute("aria-busy", "true", { timeout: 100 });
    await expect(save).toHaveCSS("cursor", "progress");
    expect(Number(await opacity())).toBeLessThan(Number(before));
  });
});

test("someone signed in here gets the scripts once the page has painted", async ({ page }) => {
  await page.goto("/pricing");
  await page.evaluate((key) => window.localStorage.setItem(key, "1"), SIGNED_IN_HINT);
  const scripts = appScripts(page);
  await page.goto("/");
  await untilHydrated(page);
  expect(scripts.length).toBeGreaterThan(0);
});

test.describe("a job page", () => {
  // A visitor is counted once a day: each run is another visitor.
  const run = Math.random().toString(36).slice(2, 8);
  test.use({ userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 PageStart/${run}` });

  test("counts its view and an apply press before its scripts run", async ({ page, context }) => {
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>Apply</title>" }),
    );
    // The page's scripts never come: what is counted is counted without them.
    await page.route("**/_next/static/**", (route) =>
      route.request().resourceType() === "script" ? route.abort() : route.fallback(),
    );
    const response = await page.request.get("/api/jobs?page=4&per_page=20");
    const { jobs } = (await response.json()) as { jobs: { id: number; slug: string }[] };
    const job = jobs[0]!;
    // One event at a time, told apart by order (a beacon's body is not always visible).
    const nextEvent = () =>
      page.waitForResponse(
        (answer) =>
          answer.request().method() === "POST" &&
          answer.url().endsWith(`/api/jobs/${job.id}/events`),
      );

    const view = nextEvent();
    await page.goto(`/jobs/${job.id}-${job.slug}`);
    expect(await (await view).json()).toEqual({ counted: true });

    // The employer's site opens in a new tab, or the mail client (which does nothing here).
    context.on("page", (opened) => void opened.close());
    const apply = nextEvent();
    await page
      .getByRole("link", { name: /^Apply (on|by)/ })
      .first()
      .click();
    expect(await (await apply).json()).toEqual({ counted: true });
  });
});
