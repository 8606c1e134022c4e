import { latestReport } from "@/features/reports/reports";
import { expect, test } from "./support/fixtures";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("the phone header shows the menu button instead of the desktop links", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  // The bar's own link (the closed menu panel, later in the bar, repeats it).
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByText("Post a job").first(),
  ).toBeHidden();
  await expect(page.getByRole("button", { name: "Pricing" })).toBeHidden();
});

test("the side panel opens, toggles its sub-menus and closes on a link", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).tap();
  const panel = page.getByRole("dialog");
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("link", { name: "Candidates" })).toBeVisible();
  // Back to the page once signed in (issue 61).
  await expect(panel.getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    "/sign-in?next=%2F",
  );

  // The sub-menus are <details>, their summaries what is pressed.
  const pricing = panel.locator("summary", { hasText: "Pricing" });
  await pricing.tap();
  await expect(pricing.locator("..")).toHaveAttribute("open");
  await expect(panel.getByRole("link", { name: "Sponsored Listings" })).toBeVisible();
  await pricing.tap();
  await expect(panel.getByRole("link", { name: "Sponsored Listings" })).toBeHidden();

  await panel.locator("summary", { hasText: "Resources" }).tap();
  // The last completed quarter's, whichever that is today.
  const latest = `Hiring Trends Report ${latestReport().quarter}`;
  await expect(panel.getByRole("link", { name: latest })).toBeVisible();

  await pricing.tap();
  await panel.getByRole("link", { name: "Recruitment Services" }).tap();
  await expect(page).toHaveURL(/\/recruitment-services$/);
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("the side panel closes with its close button, with Escape and with a tap beside it", async ({
  page,
}) => {
  await page.goto("/pricing");
  const open = page.getByRole("button", { name: "Open menu" });
  await open.tap();
  // Its close button has the focus, as a dialog's would, and the page behind does not scroll.
  const close = page.getByRole("button", { name: "Close menu" });
  await expect(close).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
    "hidden",
  );
  await close.tap();
  await expect(page.getByRole("dialog")).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
    "hidden",
  );

  // A tap on the dimmed page beside the panel closes it too: on a phone the panel leaves a
  // finger's width of the page showing at its left.
  await open.tap();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  // The panel slides in from the right (200 ms): measured mid-slide its left edge lies further
  // right than where it comes to rest, and half of it can fall on the panel itself. That is what
  // failed on a loaded machine, tap after tap at the same wrong place. Measure once it is still.
  await dialog.evaluate(async (el) => {
    await Promise.all(el.getAnimations().map((a) => a.finished));
  });
  const panel = (await dialog.boundingBox())!;
  expect(panel.x).toBeGreaterThanOrEqual(48);
  expect(panel.x).toBeLessThanOrEqual(60);
  await page.touchscreen.tap(panel.x / 2, 400);
  await expect(dialog).toBeHidden();

  await open.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(open).toBeFocused();
});

test.describe("on a tablet", () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });

  test("a tap on the page beside the open menu closes it, and follows nothing", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).tap();
    await expect(page.getByRole("dialog")).toBeVisible();
    // A job's link lies under the dimmed page, left of the panel.
    const link = page.getByRole("article").first().getByRole("link").first();
    const box = (await link.boundingBox())!;
    expect(box.x + 10).toBeLessThan(820 - 384);
    // Whatever the tap's click reaches is reported: the browser sends it with the tap's
    // mouseup, in the same task, so once a task has run after that mouseup any click has come.
    const reached = page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          addEventListener("click", (event) => {
            const target = event.target as Element;
            resolve(target.closest("a") ? `a link: ${target.closest("a")!.href}` : "the page");
          });
          addEventListener("mouseup", () => setTimeout(() => resolve("nothing")), true);
        }),
    );
    await page.touchscreen.tap(box.x + 10, box.y + box.height / 2);
    await expect(page.getByRole("dialog")).toBeHidden();
    // The close is all the tap did (issue 61: on a busy machine its click opened the link).
    expect(await reached).toBe("nothing");
    await expect(page).toHaveURL("/");
  });
});
