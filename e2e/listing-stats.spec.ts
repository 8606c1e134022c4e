import type { Page } from "@playwright/test";
import { expect, prepareContext, test } from "./support/fixtures";

/*
 * Listing statistics in a real browser: opening a job page counts a view (the page's beacon,
 * once it runs), pressing its apply button counts an apply click, and a crawler's visit counts
 * nothing; the page itself is served from the page cache all the while.
 */

type JobSummary = { id: number; slug: string };

// A visitor is counted once a day: each run is another browser, so a rerun on the same
// database counts again.
const run = Math.random().toString(36).slice(2, 8);
test.use({
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Run/${run}`,
});

const GOOGLEBOT =
  "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Jobs nobody else's test opened: the listings of a later page of the open jobs. */
async function laterJobs(page: Page): Promise<JobSummary[]> {
  const response = await page.request.get(`/api/jobs?page=3&per_page=20`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { jobs: JobSummary[] }).jobs;
}

const someJob = async (page: Page, index: number): Promise<JobSummary> =>
  (await laterJobs(page))[index]!;

/**
 * The first of those that takes applications on the employer's site, in a new tab (others do by
 * email, or on the board).
 */
async function jobApplyingByLink(page: Page): Promise<JobSummary> {
  for (const job of await laterJobs(page)) {
    const detail = await page.request.get(`/api/jobs/${job.id}`);
    if (((await detail.json()) as { apply_method: string }).apply_method === "link") return job;
  }
  throw new Error("No job on the board's third page applies at a link");
}

/**
 * The next answer to one of the job's events. A beacon's body is not always visible to the
 * browser's tools, so events are told apart by order: the page sends one event at a time.
 */
const nextEvent = (page: Page, job: JobSummary) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      response.url().endsWith(`/api/jobs/${job.id}/events`),
  );

/** What the server answers this browser for another event of the same visitor. */
const sendAgain = (page: Page, job: JobSummary, event: string) =>
  page.evaluate(
    async ({ id, event }) => {
      const response = await fetch(`/api/jobs/${id}/events`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event }),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { id: job.id, event },
  );

test("opening a job page counts a view once, and the apply button an apply click", async ({
  page,
  context,
}) => {
  const job = await jobApplyingByLink(page);
  // The apply link opens the employer's site in a new tab: answered here, not on the internet.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>Apply</title>" }),
  );

  const view = nextEvent(page, job);
  const opened = await page.goto(`/jobs/${job.id}-${job.slug}`);
  expect(opened!.status()).toBe(200);
  expect(await (await view).json()).toEqual({ counted: true });

  // The same visitor is counted once a day: the beacon's view is the one that counted.
  expect(await sendAgain(page, job, "view")).toEqual({ status: 200, body: { counted: false } });

  // Reopening the page: served from the page cache, and not counted again.
  const again = nextEvent(page, job);
  const reopened = await page.reload();
  expect(reopened!.headers()["x-page-cache"]).toMatch(/HIT|STALE/);
  expect(await (await again).json()).toEqual({ counted: false });

  const apply = nextEvent(page, job);
  const popup = page.waitForEvent("popup");
  await page.getByRole("link", { name: /^Apply/ }).click();
  await popup;
  expect(await (await apply).json()).toEqual({ counted: true });
  expect(await sendAgain(page, job, "apply")).toEqual({ status: 200, body: { counted: false } });
});

test("a crawler's visit counts nothing", async ({ browser }) => {
  const context = await browser.newContext({ userAgent: GOOGLEBOT });
  await prepareContext(context);
  try {
    const page = await context.newPage();
    const job = await someJob(page, 1);
    const view = nextEvent(page, job);
    await page.goto(`/jobs/${job.id}-${job.slug}`);
    expect(await (await view).json()).toEqual({ counted: false });
  } finally {
    await context.close();
  }
});
