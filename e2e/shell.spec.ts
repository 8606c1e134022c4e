import { routes } from "@/lib/routes";
import { PROFILE_PAGES, PUBLIC_PAGES } from "./routes";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { expect, test, untilHydrated } from "./support/fixtures";

const header = "header[data-theme]";

test.describe("public routes", () => {
  // What is checked here is the page as the server sends it, which is what a crawler reads: with
  // no script, nothing waits for hydration. Every template hydrating without a CSP violation or
  // an axe violation is e2e/templates.spec.ts's walk. One page visits them all (a browser context
  // per route cost more than its page, issue 41); each route's findings are reported on their own.
  test.use({ javaScriptEnabled: false });

  test("every public route answers 200 with the public header and footer", async ({ page }) => {
    test.slow();
    for (const { path, violet } of PUBLIC_PAGES) {
      const response = await page.goto(path);
      expect.soft(response?.status(), path).toBe(200);
      await expect
        .soft(page.locator(header), path)
        .toHaveAttribute("data-theme", violet ? "violet" : "light");
      await expect.soft(page.getByRole("contentinfo"), path).toBeVisible();
      await expect.soft(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      await expect.soft(page, path).toHaveTitle(/Creator Jobs/);
    }
  });
});

test.describe("profile routes", () => {
  for (const path of PROFILE_PAGES) {
    test(`${path} shows nothing signed out, then sends the visitor to sign in and back`, async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // As served: the profile layout, hidden until a token exists; no public header or footer.
      const html = await response!.text();
      const body = html.slice(html.indexOf('<div id="__next">'));
      expect(body).toMatch(
        /^<div id="__next">(<!--[^>]*-->)*<div class="profile-layout [^"]*" hidden="">/,
      );
      for (const element of ["<header data-theme", "<footer"]) {
        expect(html).not.toContain(element);
      }
      await expect(page).toHaveURL(
        (url) => url.pathname === "/sign-in" && url.searchParams.get("next") === path,
      );
    });
  }

  test("signed in, each shows the profile layout without the public header or footer", async ({
    page,
  }) => {
    test.slow();
    await signInWithGoogle(page, newGoogleAccount("layout"));
    for (const path of PROFILE_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Profile" })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator(header)).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
    }
  });
});

test("an unknown page is a 404 that looks like the product", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse jobs" })).toHaveAttribute("href", "/");
  await expect(page.locator(header)).toHaveCount(0);
});

test("an unknown department, region or type is a 404, one page of it also once its scripts run", async ({
  page,
}) => {
  for (const path of ["/departments/astrology", "/regions/mars", "/types/volunteer"]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    // Routed as the listing page in the browser but rendered as /404 on the server: the layout
    // must follow the page drawn, not the address, or a second <main> wraps it once hydrated.
    await untilHydrated(page);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.locator(header)).toHaveCount(0);
  }
});

test("the footer links every role, location, type, page and legal document", async ({ page }) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  const hrefs = (name: string) =>
    footer
      .getByRole("navigation", { name })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));

  expect(await hrefs("Jobs by role")).toHaveLength(13);
  expect(await hrefs("Jobs by location")).toEqual(
    [
      "remote",
      "united-states",
      "united-kingdom",
      "canada",
      "europe",
      "australia",
      "asia",
      "africa",
      "south-america",
    ].map((slug) => `/regions/${slug}`),
  );
  expect(await hrefs("Jobs by type")).toEqual(
    ["full-time", "part-time", "contractor", "internship"].map((slug) => `/types/${slug}`),
  );
  expect(await hrefs("Legal")).toEqual([
    "/pdfs/privacy",
    "/pdfs/tos-candidates",
    "/pdfs/tos-employers",
    "/pdfs/acceptable-use",
  ]);
  // The board's own newsletter (issue 66), unless the owner names another.
  await expect(footer.getByRole("link", { name: /newsletter/i })).toHaveAttribute(
    "href",
    routes.newsletter,
  );
  await expect(footer.getByRole("link", { name: /follow us/i })).toHaveAttribute(
    "href",
    /^https:\/\//,
  );
  await expect(footer.getByRole("link", { name: /^Support:/ })).toHaveAttribute("href", /^mailto:/);
  await expect(footer).toContainText("© 2023");
});

test("every internal header and footer link leads to a page that answers 200", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Pricing" }).click();
  const inMenus = await page
    .getByRole("menuitem")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Resources" }).click();
  inMenus.push(
    ...(await page
      .getByRole("menuitem")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")))),
  );
  const inPage = await page
    .locator("header a[href], footer a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")));

  const internal = [...new Set([...inMenus, ...inPage])].filter(
    (href): href is string => href !== null && href.startsWith("/"),
  );
  expect(internal.length).toBeGreaterThan(35);
  for (const href of internal) {
    expect((await request.get(href)).status(), href).toBe(200);
  }
});
