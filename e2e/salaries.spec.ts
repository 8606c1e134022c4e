import { expect, test } from "./support/fixtures";

/** Whole dollars as the page writes them: "$163,000" → 163000. */
const dollars = (text: string | null) => Number(text!.replace(/[^\d]/g, ""));

for (const { name, width, height } of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`salaries from every role down to a role in a region, on a ${name}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/salaries");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Creator economy salaries");
    // Each bar's figure is inside the picture (issue 42: "$86,000 (1" was cut off at its edge);
    // what it counts is the table's "Listings" column.
    const chart = page.getByRole("figure", { name: "Median by quarter" }).locator("svg");
    const frame = (await chart.boundingBox())!;
    for (const text of await chart.locator("text").all()) {
      const box = (await text.boundingBox())!;
      expect(box.x + box.width, (await text.textContent()) ?? "").toBeLessThanOrEqual(
        frame.x + frame.width + 0.5,
      );
    }
    await expect(
      page.getByRole("figure", { name: "Median by quarter" }).getByRole("columnheader", {
        name: "Listings",
      }),
    ).toBeVisible();
    await page
      .getByRole("table", { name: "By role" })
      .getByRole("link", { name: "Engineering" })
      .click();
    await expect(page).toHaveURL(/\/salaries\/engineering$/);
    await page
      .getByRole("table", { name: "By location" })
      .getByRole("link", { name: "Remote" })
      .click();
    await expect(page).toHaveURL(/\/salaries\/engineering\/remote$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Engineering salaries in Remote",
    );
    // Search results show the median in the title.
    await expect(page).toHaveTitle(/^Engineering salaries in Remote: \$[\d,]+ median \| /);

    // The median between its quartiles, within the range, and how many listings are behind it.
    const figure = (label: string) =>
      page.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd");
    const [p25, median, p75] = [
      dollars(await figure("25th percentile").textContent()),
      dollars(await figure("Median a year").textContent()),
      dollars(await figure("75th percentile").textContent()),
    ];
    expect(p25).toBeLessThanOrEqual(median);
    expect(median).toBeLessThanOrEqual(p75);
    await expect(page.getByText(/^From \d+ listings with pay posted on the board/)).toBeVisible();
    await expect(page.getByRole("figure", { name: "Median by quarter" })).toBeVisible();
    // Every quarter short of listings here: the table says so, and no empty picture repeats it.
    const quarters = page.getByRole("figure", { name: "Median by quarter" });
    const withFigure = await quarters
      .getByRole("row")
      .filter({ hasText: /\$[\d,]+/ })
      .count();
    await expect(quarters.locator("svg")).toHaveCount(withFigure > 0 ? 1 : 0);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    // The same median in the page's CSV and in /api/salaries.
    const csv = await (
      await page.request.get(
        (await page.getByRole("link", { name: "CSV" }).getAttribute("href")) ?? "",
      )
    ).text();
    expect(csv.split("\r\n")[1]).toMatch(
      new RegExp(`^engineering,remote,all,last 12 months,\\d+,${p25},${median},${p75},`),
    );
    const api = await (
      await page.request.get("/api/salaries?department=engineering&region=remote")
    ).json();
    expect(api.figures).toMatchObject({ p25, median, p75 });

    await page.getByRole("link", { name: "See the open Engineering jobs in Remote" }).click();
    await expect(page).toHaveURL(/\/departments\/engineering\?region=remote$/);
  });
}

test("a role and region with no listing showing pay says so and links up a level", async ({
  page,
}) => {
  await page.goto("/salaries/legal/africa");
  await expect(page.getByText(/has shown its pay in the last 12 months/)).toBeVisible();
  await page.getByRole("link", { name: "See legal salaries" }).click();
  await expect(page).toHaveURL(/\/salaries\/legal$/);
  expect((await page.request.get("/salaries/legal/mars")).status()).toBe(404);
});

test("a job with pay says where it sits against its role's median in its region", async ({
  page,
}) => {
  await page.goto("/departments/engineering?region=remote&salary_min=40000");
  await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/jobs\/\d+-/);
  const comparison = page.getByRole("link", {
    name: /^(Above|At|Below) the median for remote Engineering roles \((\$|€|£|CA\$|A\$)[\d,]+k a year(, converted from US dollars)?\)$/,
  });
  await comparison.click();
  await expect(page).toHaveURL(/\/salaries\/engineering\/remote$/);
});
