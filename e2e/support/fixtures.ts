import { test as base, type BrowserContext, type Page } from "@playwright/test";
import { routeGoogleApis } from "./auth";

const pointerMoves = new WeakMap<Page, number>();

/**
 * Waits until React has hydrated the page (or there is nothing to hydrate: a JSON or XML answer,
 * another site's page). A public page starts its scripts only when the visitor is about to use it
 * (lib/page-start.ts), and the others after the first paint, so a page's load event can come
 * before them and a click before hydration would do nothing: the mouse moves over the page first,
 * as a person's would (each time to another point, or the browser would report no move).
 */
export async function untilInteractive(page: Page): Promise<void> {
  const moves = (pointerMoves.get(page) ?? 0) + 1;
  pointerMoves.set(page, moves);
  await page.mouse.move(2, 2 + (moves % 2));
  await untilHydrated(page);
}

/** Waits until React handles the page's first control (a page with none counts as hydrated). */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const control = document.querySelector("#__next a[href], #__next button, #__next input");
    return !control || Object.keys(control).some((key) => key.startsWith("__reactProps$"));
  });
}

/** Makes every full navigation of `page` (goto, reload, back, forward) wait for hydration. */
function navigationsWaitForHydration(page: Page): void {
  for (const name of ["goto", "reload", "goBack", "goForward"] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page["reload"]>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await untilInteractive(page);
        return response;
      },
    });
  }
}

/**
 * Readies a browser context for the app: the Google APIs stand-in routed for every page, popup
 * and iframe, and every page's full navigations waiting until the page has hydrated.
 */
export async function prepareContext(
  context: BrowserContext,
  { javaScriptEnabled = true } = {},
): Promise<void> {
  await routeGoogleApis(context);
  // Without JavaScript nothing hydrates: the server's HTML is the page.
  if (!javaScriptEnabled) return;
  context.pages().forEach(navigationsWaitForHydration);
  context.on("page", navigationsWaitForHydration);
}

/** `test` with its browser context readied (prepareContext): any spec can sign someone in. */
export const test = base.extend({
  context: async ({ context, javaScriptEnabled }, provide) => {
    await prepareContext(context, { javaScriptEnabled });
    await provide(context);
  },
});

export { expect } from "@playwright/test";
