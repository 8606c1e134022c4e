import { routes } from "@/lib/routes";
import { jobAndCompanyPages } from "./support/board-pages";
import { expect, test } from "./support/fixtures";

/*
 * What axe cannot see: a visible keyboard focus on every control, no page wider than a small
 * phone, and the board's first screen on a phone. (Axe itself runs on every page template in
 * e2e/templates.spec.ts.)
 */

test("every control on /submit shows where the keyboard focus is", async ({ page }) => {
  await page.goto(routes.submit);
  await expect(page.getByRole("button", { name: "Submit for review" })).toBeVisible();
  const unmarked: string[] = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    // The control's outline and shadow with the focus and without it must differ.
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const look = () => {
        const style = getComputedStyle(element);
        const outline =
          style.outlineStyle === "none" || parseFloat(style.outlineWidth) === 0
            ? "none"
            : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
        return `${outline} | ${style.boxShadow} | ${style.borderColor}`;
      };
      const withFocus = look();
      element.blur();
      const withoutFocus = look();
      element.focus();
      const name =
        element.getAttribute("aria-label") ||
        element.textContent?.trim().slice(0, 40) ||
        element.getAttribute("name") ||
        element.id;
      return {
        name: `${element.tagName.toLowerCase()} "${name}"`,
        marked: withFocus !== withoutFocus,
      };
    });
    if (!focused) continue;
    if (!focused.marked) unmarked.push(focused.name);
    if (focused.name.includes("Submit for review")) break;
  }
  expect(unmarked).toEqual([]);
});

test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("no page scrolls sideways", async ({ page }) => {
    const [job, company] = await jobAndCompanyPages(page);
    const wide: Record<string, number> = {};
    for (const path of [routes.home, routes.pricing, routes.submit, routes.talent, job, company]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) wide[path] = overflow;
    }
    expect(wide).toEqual({});
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the first screen of the board shows a job and one search form", async ({ page }) => {
    await page.goto(routes.home);
    await expect(page.getByRole("search")).toHaveCount(1);
    const firstJob = await page.getByRole("article").first().boundingBox();
    expect(firstJob!.y + firstJob!.height / 2).toBeLessThan(844);
  });
});
