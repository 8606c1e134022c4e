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
 * funnel on /listings. The run's other tests count too: figures are read for their shape only.
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
  "Alerts and saved searches",
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
  } finally {
    await context.close();
  }
});
