import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { routes } from "@/lib/routes";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { expectCleanAtBothWidths } from "./support/both-widths";
import { expect, prepareContext, test } from "./support/fixtures";
import { approve, moderatorPage, postListing } from "./support/listings";

/*
 * What the board learns from itself (issue 65), in a browser: a visitor reads a few public pages,
 * then a moderator opens /review/analytics: every section, its charts drawn as SVG with their
 * tables, a range kept in the address over a reload, a backwards range refused beside its field
 * (the form's check and the server's), and a table downloaded as CSV. An employer sees their
 * funnel on /listings, for the period they choose. The run's other tests count too: figures are
 * read for their shape only, but for a search of this test's own, which must be counted.
 */

const SECTIONS = [
  "Visitors",
  "Sources",
  "Top pages",
  "Landing pages",
  "Devices",
  "Searches",
  "Searches that find nothing",
  "Funnel",
  "Alerts, saved searches and subscribers",
];

const today = () => new Date().toISOString().slice(0, 10);

test("a moderator reads the board's analytics, a range refused beside its field, and a CSV", async ({
  page,
  browser,
}) => {
  test.slow();
  // A visitor with no account reads a few public pages (counted once the pages send their views).
  await page.goto(routes.home);
  await expect(page.getByRole("main")).toBeVisible();
  await page.goto("/departments/design");
  await expect(page.getByRole("main")).toBeVisible();
  await page.goto(`${routes.home}?q=${encodeURIComponent("montażysta")}`);
  await expect(page.getByRole("main")).toBeVisible();
  // A search in Arabic that no listing answers, three times (a view each, one visitor), so that
  // it ranks among the searches that find nothing whatever the run's other tests searched.
  const term = `مونتير ${randomUUID().slice(0, 6)}`;
  for (let time = 0; time < 3; time += 1) {
    const view = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && response.url().endsWith("/api/stats/views"),
    );
    await page.goto(`${routes.home}?q=${encodeURIComponent(term)}`);
    await expect(page.locator("[data-search-results]")).toHaveAttribute("data-search-results", "0");
    const answer = await view;
    expect(`${answer.status()} ${await answer.text()}`).toBe('200 {"counted":true}');
  }

  const moderator = await moderatorPage(browser);
  const report = moderator.page;
  try {
    await report.goto(routes.reviewAnalytics);
    for (const name of SECTIONS) {
      await expect(report.getByRole("region", { name, exact: true })).toBeVisible();
    }
    // Each chart an image named by its title, its numbers in a table behind it.
    const visitors = report.getByRole("region", { name: "Visitors", exact: true });
    await expect(visitors.getByRole("img", { name: /^Visitors and views by day/ })).toBeVisible();
    await visitors.locator("summary").click();
    // The table behind the chart, read whether its <details> is open or not.
    const days = visitors
      .getByRole("table", { name: "Visitors and views by day", includeHidden: true })
      .getByRole("row", { includeHidden: true });
    await expect(days).toHaveCount(1 + 7);
    await expect(days.last()).toContainText(today());
    // The visitor's searches were counted (their views arrive on their own: wait for them), in
    // the table behind the chart.
    const notFound = report.getByRole("region", { name: "Searches that find nothing" });
    await expect(async () => {
      await report.reload();
      await expect(
        notFound.getByRole("row", { includeHidden: true }).filter({ hasText: term }),
      ).toContainText("3", {
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await expectCleanAtBothWidths(report, "analytics");

    // Another range: in the address, kept over a reload.
    await report.getByRole("button", { name: "Last 30 days" }).click();
    await expect(report).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&by=department/);
    await expect(days).toHaveCount(1 + 30);
    const from = report.getByLabel("From", { exact: true });
    const chosen = await from.inputValue();
    await report.reload();
    await expect(report.getByLabel("From", { exact: true })).toHaveValue(chosen);
    await expect(
      report.getByRole("region", { name: "Visitors", exact: true }).getByRole("img").first(),
    ).toBeVisible();

    // A top page's CSV: its header row, for the range shown.
    const pages = report.getByRole("region", { name: "Top pages" });
    const download = report.waitForEvent("download");
    await pages.getByRole("button", { name: "Download CSV: top pages" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`analytics-pages-${chosen}-${today()}.csv`);
    const text = await readFile((await file.path())!, "utf8");
    expect(text.split("\r\n")[0]).toMatch(/^[a-z_,]+$/);

    // A range that ends before it starts: refused beside its field, by the form...
    await report.getByLabel("From", { exact: true }).fill("2026-11-20");
    await report.getByLabel("To", { exact: true }).fill("2026-11-10");
    await report.getByRole("button", { name: "Show" }).click();
    await expect(report.getByLabel("To", { exact: true })).toHaveAccessibleDescription(
      "End the range on or after its start",
    );
    // ...and by the server, for an address typed or bookmarked so.
    await report.goto(`${routes.reviewAnalytics}?from=2026-11-20&to=2026-11-10`);
    await expect(report.getByLabel("To", { exact: true })).toHaveAccessibleDescription(
      "End the range on or after its start",
    );
    await expectCleanAtBothWidths(report, "analytics-refused");
  } finally {
    await moderator.close();
  }
});

test("an employer sees their funnel beside the board's medians", async ({ browser }) => {
  test.slow();
  const suffix = randomUUID().slice(0, 6);
  const title = `Funnel Editor ${suffix}`;
  const context = await browser.newContext();
  await prepareContext(context);
  const page = await context.newPage();
  try {
    await signInWithGoogle(page, newGoogleAccount("funnel-owner"));
    await postListing(page, `Funnel Studio ${suffix}`, title);
    await approve(browser, title);
    await page.goto(routes.listings);
    const funnel = page.getByRole("region", { name: "How your listings do" });
    await expect(funnel.getByRole("img", { name: /^Your company's funnel/ })).toBeVisible();
    const listings = funnel.getByRole("table", { name: /beside the board's median/ });
    await expect(listings.getByRole("row").filter({ hasText: title })).toContainText("board:");
    await expectCleanAtBothWidths(page, "employer-funnel");
    // Another period: asked for, and the table stays while it comes.
    await funnel.getByLabel("Period").selectOption({ label: "Last 90 days" });
    await expect(funnel).toContainText(
      `${new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10)} to ${today()}`,
    );
    await expect(listings.getByRole("row").filter({ hasText: title })).toBeVisible();
  } finally {
    await context.close();
  }
});
