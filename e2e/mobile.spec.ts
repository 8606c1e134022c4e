import { latestReport } from "@/lib/reports/reports";
import { expect, test } from "./support/fixtures";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("the phone header shows the menu button instead of the desktop links", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByText("Post a job")).toBeHidden();
  await expect(page.getByRole("button", { name: "Pricing" })).toBeHidden();
});

test("the side panel opens, toggles its sub-menus and closes on a link", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).tap();
  const panel = page.getByRole("dialog");
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("link", { name: "Candidates" })).toBeVisible();
  await expect(panel.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");

  const pricing = panel.getByRole("button", { name: "Pricing" });
  await pricing.tap();
  await expect(pricing).toHaveAttribute("aria-expanded", "true");
  await expect(panel.getByRole("link", { name: "Sponsored Listings" })).toBeVisible();
  await pricing.tap();
  await expect(panel.getByRole("link", { name: "Sponsored Listings" })).toBeHidden();

  await panel.getByRole("button", { name: "Resources" }).tap();
  // The last completed quarter's, whichever that is today.
  const latest = `Hiring Trends Report ${latestReport().quarter}`;
  await expect(panel.getByRole("link", { name: latest })).toBeVisible();

  await pricing.tap();
  await panel.getByRole("link", { name: "Recruitment Services" }).tap();
  await expect(page).toHaveURL(/\/recruitment-services$/);
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("the side panel closes with its close button and with Escape", async ({ page }) => {
  await page.goto("/pricing");
  const open = page.getByRole("button", { name: "Open menu" });
  await open.tap();
  await page.getByRole("button", { name: "Close menu" }).tap();
  await expect(page.getByRole("dialog")).toBeHidden();

  await open.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(open).toBeFocused();
});
