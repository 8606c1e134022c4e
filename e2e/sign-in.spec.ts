import { test as baseTest, type Page } from "@playwright/test";
import { routes } from "@/lib/routes";
import {
  chooseEmulatorAccount,
  googleButton,
  newGoogleAccount,
  openGooglePopup,
  routeGoogleApis,
  signInWithGoogle,
} from "./support/auth";
import { expect, test } from "./support/fixtures";

// Through the real Firebase popup against the Auth emulator (see support/auth.ts).

const signOutButton = (page: Page) => page.getByRole("button", { name: "Sign out" });

test("signing in from /sign-in lands on the profile, and the API knows the person", async ({
  page,
}) => {
  const account = newGoogleAccount("profile");
  await page.goto(routes.signIn);
  const currentUser = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/current_user" &&
      response.request().method() === "GET",
  );

  await signInWithGoogle(page, account);

  await expect(page).toHaveURL((url) => url.pathname === routes.profile);
  await expect(signOutButton(page)).toBeVisible();
  const response = await currentUser;
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ full_name: account.name });
});

test("signing in from /sign-in?next=/pricing goes back to pricing, signed in", async ({ page }) => {
  await page.goto(`${routes.signIn}?next=${encodeURIComponent(routes.pricing)}`);

  await signInWithGoogle(page, newGoogleAccount("next"));

  await expect(page).toHaveURL((url) => url.pathname === routes.pricing && url.search === "");
  const header = page.locator("header[data-theme]");
  await expect(header.getByRole("link", { name: "Your profile" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
});

test("the signed-in state survives a reload of the profile", async ({ page }) => {
  await signInWithGoogle(page, newGoogleAccount("reload"));
  await expect(signOutButton(page)).toBeVisible();

  await page.reload();

  await expect(signOutButton(page)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === routes.profile);
});

test("closing the popup without signing in leaves the sign-in page usable", async ({ page }) => {
  // Firebase notices a closed popup by polling (2 s) and then waits 8 s for a late answer.
  test.slow();
  const account = newGoogleAccount("closed");
  await page.goto(routes.signIn);

  const popup = await openGooglePopup(page);
  await popup.waitForLoadState("domcontentloaded");
  await popup.close();

  const button = googleButton(page);
  await expect(button).toBeEnabled({ timeout: 20_000 });
  await expect(button).not.toHaveAttribute("aria-busy", "true");
  // The panel's error is an alert in main (Next.js's route announcer is an empty one outside it).
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === routes.signIn);

  // And the next attempt goes through.
  const retry = await openGooglePopup(page);
  await chooseEmulatorAccount(retry, account);
  await expect(page).toHaveURL((url) => url.pathname === routes.profile);
  await expect(signOutButton(page)).toBeVisible();
});

test("signing out from the sidebar reloads to the home page, signed out", async ({ page }) => {
  const account = newGoogleAccount("sign-out");
  await signInWithGoogle(page, account);
  await page.evaluate(() => Object.assign(window, { __beforeSignOut: true }));
  const reload = page.waitForRequest(
    (request) =>
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame() &&
      new URL(request.url()).pathname === routes.home,
  );

  await signOutButton(page).click();

  await reload;
  await page.waitForLoadState("load");
  await expect(page).toHaveURL((url) => url.pathname === routes.home);
  expect(await page.evaluate(() => "__beforeSignOut" in window)).toBe(false);
  const header = page.locator("header[data-theme]");
  await expect(header.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await expect(header.getByRole("link", { name: "Your profile" })).toHaveCount(0);

  await page.goto(routes.profile);
  await expect(page).toHaveURL(
    (url) => url.pathname === routes.signIn && url.search === "?next=%2Fprofile",
  );

  // Signing in again picks the account the emulator now knows, and comes back to the profile.
  await signInWithGoogle(page, account);
  await expect(page).toHaveURL((url) => url.pathname === routes.profile);
  await expect(signOutButton(page)).toBeVisible();
});

// Playwright's own `test`: the app's fixture waits for each page to hydrate, which these hold back.
baseTest.describe("the profile layout before the page's scripts run", () => {
  const test = baseTest;
  test.beforeEach(({ context }) => routeGoogleApis(context));

  /** Holds back every script of the app's, as on a phone still downloading them. */
  const holdScripts = (page: Page) =>
    page.route("**/_next/static/**", (route) =>
      route.request().resourceType() === "script" ? route.abort() : route.fallback(),
    );

  test("shows with the first paint when this browser remembers a live token", async ({ page }) => {
    await signInWithGoogle(page, newGoogleAccount("remembered"));
    await expect(signOutButton(page)).toBeVisible();

    await holdScripts(page);
    await page.goto(routes.preferences);
    await expect(page.getByRole("heading", { level: 1, name: "Preferences" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Profile" })).toBeVisible();
    // The page's own data waits for the scripts and the API: none of it is in the HTML.
    await expect(page.getByRole("main").locator("form")).toHaveCount(0);

    await page.unroute("**/_next/static/**");
    await page.reload();
    await expect(page.getByRole("main").locator("form")).toBeVisible();
  });

  test("shows nothing without a live token, and sends the visitor to sign in", async ({ page }) => {
    await holdScripts(page);
    await page.goto(routes.profile);
    const heading = page.getByRole("heading", { level: 1, name: "Profile overview" });
    await expect(page.locator(".profile-layout")).toHaveCount(1);
    await expect(heading).toBeHidden();

    // A token about to expire (or expired) is not a live one.
    await page.evaluate(() => {
      const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
      const exp = Math.floor(Date.now() / 1000) + 60;
      localStorage.setItem("creator-jobs:id-token", `${part({})}.${part({ sub: "x", exp })}.`);
    });
    await page.reload();
    await expect(heading).toBeHidden();

    await page.unroute("**/_next/static/**");
    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === routes.signIn);
    expect(new URL(page.url()).searchParams.get("next")).toBe(routes.profile);
  });
});
