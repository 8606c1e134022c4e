import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";

for (const path of [
  "/",
  "/departments/design",
  "/about",
  "/pricing",
  "/no-such-page",
  "/sign-in",
]) {
  test(`${path} has no serious or critical axe violations`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the open Pricing menu has no serious or critical axe violations", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Pricing" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the open mobile panel has no serious or critical axe violations", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Pricing" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
