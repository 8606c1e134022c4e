import { latestReport } from "@/features/reports/reports";
import { expect, test } from "./support/fixtures";

test.describe("header menus on desktop", () => {
  test("keyboard: Tab reaches the menus, arrows move, Enter follows, Escape closes", async ({
    page,
  }) => {
    await page.goto("/about");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();

    const pricing = page.getByRole("button", { name: "Pricing" });
    // By what has focus, not by element: focusing the stand-in swaps the real menu in, which
    // takes the focus over, so an element found a moment earlier may be gone.
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    for (let i = 0; i < 10 && (await focused()) !== "Pricing"; i++) {
      await page.keyboard.press("Tab");
    }
    await expect(pricing).toBeFocused();

    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    // Headless UI keeps DOM focus on the menu and marks the active item with data-focus.
    await expect(menu).toBeFocused();
    await expect(menu.getByRole("menuitem", { name: /Sponsored Listings/ })).toHaveAttribute(
      "data-focus",
    );

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(pricing).toBeFocused();

    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem").first()).toHaveAttribute("data-focus");
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: /Recruitment Services/ })).toHaveAttribute(
      "data-focus",
    );
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/recruitment-services$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recruitment services");
  });

  test("keyboard: Space opens Resources and its first item is the latest report", async ({
    page,
  }) => {
    await page.goto("/blog");
    await page.getByRole("button", { name: "Resources" }).focus();
    await page.keyboard.press(" ");
    // The last completed quarter's, whichever that is today: Q3 2026 on 2026-11-23.
    const latest = latestReport();
    const report = page.getByRole("menuitem", { name: `Hiring Trends Report ${latest.quarter}` });
    await expect(report).toHaveAttribute("data-focus");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === latest.path);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(latest.quarter);
  });

  test("mouse: click opens a menu, an item navigates, a click outside closes", async ({ page }) => {
    await page.goto("/");
    // While a menu is open the rest of the page is inert, so click where the heading is drawn.
    const heading = await page.locator("h1").boundingBox();
    await page.getByRole("button", { name: "Pricing" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await page.mouse.click(heading!.x + 10, heading!.y + 10);
    await expect(page.getByRole("menu")).toBeHidden();

    await page.getByRole("button", { name: "Pricing" }).click();
    await page.getByRole("menuitem", { name: /Sponsored Listings/ }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator("header[data-theme]")).toHaveAttribute("data-theme", "light");
  });

  test("the external tools directory opens in a new tab", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Resources" }).click();
    const tools = page.getByRole("menuitem", { name: /Creator Tools Directory/ });
    await expect(tools).toHaveAttribute("target", "_blank");
    await expect(tools).toHaveAttribute("href", /^https:\/\//);
  });
});

test.describe("header menus by touch", () => {
  test.use({ hasTouch: true });

  test("a tap opens the Pricing menu and a tap on an item navigates", async ({ page }) => {
    await page.goto("/talent");
    await page.getByRole("button", { name: "Pricing" }).tap();
    await page.getByRole("menuitem", { name: /Recruitment Services/ }).tap();
    await expect(page).toHaveURL(/\/recruitment-services$/);
  });
});
