import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { routes } from "@/lib/routes";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { moderatorPage, postListing } from "./support/listings";
import { nuCheckerErrors } from "./support/nu-checker";
import { lookAtBothWidths } from "./support/screenshots";

/*
 * The owner's revenue report (issue 63), in a browser: an employer buys a pack on an invoice,
 * and a moderator finds it on /review/revenue this month, refuses a backwards range beside its
 * field, and downloads the products' table as CSV. The run's other tests sell too: the report
 * is read for what this test adds, not for its totals.
 */
test("a moderator reads this month's revenue, a range refused beside its field, and its CSV", async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 6);
  await signInWithGoogle(page, newGoogleAccount("revenue-owner"));
  await postListing(page, `Revenue Studio ${suffix}`, `Community Lead ${suffix}`);
  await page.goto(`${routes.billing}#packs`);
  await page.getByRole("button", { name: "Buy 3 Sponsored listings" }).click();
  await page
    .getByRole("dialog", { name: "Buy 3 Sponsored listings?" })
    .getByRole("button", { name: "Buy for $499" })
    .click();
  await expect(page.locator("#packs").getByRole("status")).toContainText(/Bought\./);

  const moderator = await moderatorPage(browser);
  const report = moderator.page;
  try {
    await report.goto(routes.reviewRevenue);
    const products = report.getByRole("region", { name: "By product" });
    const month = new Intl.DateTimeFormat("en-US", {
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date());
    await expect(
      products.getByRole("row").filter({ hasText: month }).filter({ hasText: "Pack" }).first(),
    ).toBeVisible();
    expect(await seriousViolations(report)).toEqual([]);
    await lookAtBothWidths(report, "revenue-report");
    expect(await nuCheckerErrors(report)).toEqual([]);
    await report.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(report)).toEqual([]);
    await report.setViewportSize({ width: 1280, height: 900 });

    // The CSV of the range shown: a header row, and the pack sold.
    const download = report.waitForEvent("download");
    await products.getByRole("button", { name: "Download CSV: by product" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^revenue-products-\d{4}-\d{2}-\d{4}-\d{2}\.csv$/);
    const text = await readFile((await file.path())!, "utf8");
    expect(text.split("\r\n")[0]).toBe(
      "month,kind,slug,name,currency,count,net_minor,tax_minor,gross_minor,paid_minor,outstanding_minor,overdue_minor,refunded_minor,balance_minor",
    );
    expect(text).toContain(",pack,sponsored-3,");

    // A range that ends before it starts is refused beside its field.
    const from = report.getByRole("textbox", { name: "From" });
    const to = report.getByRole("textbox", { name: "To" });
    await from.fill("2026-05");
    await to.fill("2026-01");
    await report.getByRole("button", { name: "Show" }).click();
    await expect(to).toHaveAccessibleDescription("End the range on or after its start");
    expect(await seriousViolations(report)).toEqual([]);
  } finally {
    await moderator.close();
  }
});
