import { test as base, type Page, type Response } from "@playwright/test";
import { expect, prepareContext, untilInteractive } from "./support/fixtures";

/*
 * The board's own traffic in a real browser (features/analytics/page-view-script.ts): a page reports
 * its view from the document's head, before (and without) the page's scripts; a move within the
 * app reports the next page; no cookie is set; and a browser sending Global Privacy Control is
 * not counted. The server's answer to each beacon says whether it counted the view (the figures
 * themselves are checked through the handler in features/analytics/tests/api).
 */
const test = base;

const run = Math.random().toString(36).slice(2, 8);
test.use({
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Views/${run}`,
});

/** The next answer to a page's view of itself. */
const nextView = (page: Page): Promise<Response> =>
  page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && response.url().endsWith("/api/stats/views"),
  );

test("an anonymous page view is counted before the page's scripts run, and sets no cookie", async ({
  page,
  context,
}) => {
  const scripts: string[] = [];
  await page.route("**/_next/static/**", (route) => {
    if (route.request().resourceType() !== "script") return route.fallback();
    scripts.push(route.request().url());
    return route.abort();
  });
  const view = nextView(page);
  await page.goto("/departments/design?q=video");
  const answer = await view;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ counted: true });
  // The request told the path, its query and the search's result count.
  const sent = JSON.parse(answer.request().postData() ?? "{}") as Record<string, unknown>;
  if (Object.keys(sent).length > 0) {
    expect(sent).toMatchObject({
      path: "/departments/design?q=video",
      results: expect.any(Number),
    });
  }
  // No script of the page's had run: none was even asked for before the view was counted.
  expect(scripts).toEqual([]);
  expect(await context.cookies()).toEqual([]);
  // The visit's source is kept at the page's first use or as it is left, not while it loads.
  expect(await page.evaluate(() => sessionStorage.getItem("landing-source"))).toBeNull();
});

test("a move within the app counts the next page", async ({ browser }) => {
  const context = await browser.newContext();
  await prepareContext(context);
  try {
    const page = await context.newPage();
    const first = nextView(page);
    await page.goto("/");
    expect(await (await first).json()).toEqual({ counted: true });
    await untilInteractive(page);

    const next = nextView(page);
    const link = page.getByRole("article").first().getByRole("link").first();
    const href = (await link.getAttribute("href"))!;
    await link.click();
    await expect(page).toHaveURL(href);
    const answer = await next;
    expect(await answer.json()).toEqual({ counted: true });
    const sent = JSON.parse(answer.request().postData() ?? "{}") as Record<string, unknown>;
    if (Object.keys(sent).length > 0) {
      expect(sent.path).toBe(new URL(href, page.url()).pathname);
      // Its referrer is the board's own page: a move within the board, not a visit.
      expect(new URL(String(sent.referrer)).pathname).toBe("/");
    }
    expect(await context.cookies()).toEqual([]);
  } finally {
    await context.close();
  }
});

test("the visit's source is kept at the page's first use or as it is left, never while it loads", async ({
  browser,
}) => {
  const context = await browser.newContext();
  await prepareContext(context);
  const source = () => sessionStorage.getItem("landing-source");
  try {
    // Left without being used: the source goes into the tab's storage as the page is left
    // (pagehide), and the tab's next page (reached from the board, so no visit) keeps it.
    const page = await context.newPage();
    const view = nextView(page);
    await page.goto("/blog?utm_source=Wiosna", { waitUntil: "load" });
    expect((await view).status()).toBe(200);
    expect(await page.evaluate(source)).toBeNull();
    await page.goto("/about");
    expect(await page.evaluate(source)).toBe("Wiosna");

    // Used: the first click keeps it, before anything the click starts.
    const other = await context.newPage();
    const otherView = nextView(other);
    await other.goto("/blog", { waitUntil: "load" });
    expect((await otherView).status()).toBe(200);
    expect(await other.evaluate(source)).toBeNull();
    await other.getByRole("heading", { level: 1 }).click();
    expect(await other.evaluate(source)).toBe("direct");
  } finally {
    await context.close();
  }
});

test("a browser sending Global Privacy Control is not counted", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "Sec-GPC": "1" } });
  try {
    const page = await context.newPage();
    const view = nextView(page);
    await page.goto("/about");
    expect(await (await view).json()).toEqual({ counted: false });
    expect(await context.cookies()).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a browser with a Mac's User-Agent and a touch screen (an iPad's Safari) says so", async ({
  browser,
}) => {
  const mac = `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15 Views/${run}`;
  for (const touchPoints of [5, 0]) {
    const context = await browser.newContext({ userAgent: mac });
    await prepareContext(context);
    await context.addInitScript((points) => {
      Object.defineProperty(Navigator.prototype, "maxTouchPoints", { get: () => points });
      // No beacon: the script falls back to fetch, whose body the test can read.
      Object.defineProperty(Navigator.prototype, "sendBeacon", { value: undefined });
    }, touchPoints);
    try {
      const page = await context.newPage();
      const view = nextView(page);
      await page.goto("/about");
      const answer = await view;
      // A keepalive fetch's answer has no body Playwright can read; its count is the API tests'.
      expect(answer.status()).toBe(200);
      const sent = JSON.parse(answer.request().postData() ?? "{}") as Record<string, unknown>;
      expect(sent.path).toBe("/about");
      expect(sent.touch).toBe(touchPoints > 1 ? true : undefined);
    } finally {
      await context.close();
    }
  }
});
