import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { routes, SIGN_IN_ROUTES } from "@/lib/routes";

/*
 * Signing in through the real Firebase `signInWithPopup` against the Auth emulator, offline.
 *
 * Firebase's SDK and the emulator's helper iframe load https://apis.google.com/js/api.js and talk
 * through `gapi.iframes`; routeGoogleApis serves them gapi-stand-in.js instead. The app must be
 * served from http://127.0.0.1 (as playwright.config.ts does), the emulator's host: from
 * localhost the emulator's iframe is a third party and the popup never hears back.
 */

const GAPI_STAND_IN = join(__dirname, "gapi-stand-in.js");

/** The emulator's account chooser styles itself from unpkg and Google Fonts; offline, nothing. */
const EMULATOR_WIDGET_ASSETS =
  /^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//;

/** Serves the gapi stand-in to every page, popup and iframe of the context. */
export async function routeGoogleApis(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.hostname === "apis.google.com" && url.pathname === "/js/api.js",
    (route) =>
      route.fulfill({ path: GAPI_STAND_IN, contentType: "text/javascript; charset=utf-8" }),
  );
  await context.route(EMULATOR_WIDGET_ASSETS, (route) => {
    const { pathname, hostname } = new URL(route.request().url());
    const contentType =
      pathname.endsWith(".css") || hostname === "fonts.googleapis.com"
        ? "text/css"
        : pathname.endsWith(".js")
          ? "text/javascript"
          : "application/octet-stream";
    return route.fulfill({ status: 200, contentType, body: "" });
  });
}

export type GoogleAccount = { email: string; name: string };

/** A Google account no other test uses; the emulator creates it on first sign-in. */
export function newGoogleAccount(label = "person"): GoogleAccount {
  const suffix = randomUUID().slice(0, 8);
  return { email: `${label}-${suffix}@example.com`, name: `E2E ${label} ${suffix}` };
}

export function googleButton(page: Page): Locator {
  return page.getByRole("button", { name: "Continue with Google" });
}

/** React has hydrated the element: before that a click does nothing. */
export async function waitForHydration(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith("__reactProps$")),
      ),
    )
    .toBe(true);
}

/** Clicks "Continue with Google" on the current page and returns the emulator's popup. */
export async function openGooglePopup(page: Page): Promise<Page> {
  const button = googleButton(page);
  await expect(button).toBeEnabled();
  await waitForHydration(button);
  const popup = page.waitForEvent("popup");
  await button.click();
  return popup;
}

/**
 * In the emulator's popup: picks the account if the emulator knows it, else adds it. The popup
 * then hands the result to the app and Firebase closes it.
 */
export async function chooseEmulatorAccount(popup: Page, account: GoogleAccount): Promise<void> {
  await popup.waitForLoadState("domcontentloaded");
  const known = popup.locator("li.js-reuse-account");
  const index = await known.evaluateAll(
    (items, email) =>
      items.findIndex((item) => {
        try {
          const claims = JSON.parse(
            decodeURIComponent((item as HTMLElement).dataset.idToken ?? ""),
          );
          return claims.email === email;
        } catch {
          return false;
        }
      }),
    account.email,
  );
  if (index >= 0) {
    await known.nth(index).click();
    return;
  }
  await popup.locator("#add-account-button").click();
  await popup.locator("#email-input").fill(account.email);
  await popup.locator("#display-name-input").fill(account.name);
  await popup.locator("#sign-in").click();
}

/**
 * Signs `account` in through the Google popup and waits until the app has taken the visitor
 * on from the sign-in page (to `?next=` or the profile). Uses the current page's "Continue with
 * Google" button when it is on a sign-in page, otherwise goes to /sign-in first.
 */
export async function signInWithGoogle(page: Page, account: GoogleAccount): Promise<void> {
  const onSignInPage = () => SIGN_IN_ROUTES.includes(new URL(page.url()).pathname);
  if (!onSignInPage()) await page.goto(routes.signIn);
  const popup = await openGooglePopup(page);
  const closed = popup.waitForEvent("close");
  await chooseEmulatorAccount(popup, account);
  await closed;
  await page.waitForURL((url) => !SIGN_IN_ROUTES.includes(url.pathname));
}
