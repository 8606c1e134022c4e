import { randomUUID } from "node:crypto";
import { routes } from "@/lib/routes";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { approve, expectLogo, logoPng, postListing } from "./support/listings";
import { lookAt, lookAtBothWidths } from "./support/screenshots";

/*
 * The employer's company editor, /listings/company, in Chromium: the empty state before a first
 * listing, a refused file's message beside the control, a logo uploaded with its preview, and
 * that logo on the job card, the job page and the company page (through next/image).
 * SCREENSHOTS=dir also saves the editor and a card at desktop and phone widths.
 */

test("an employer gives their company a logo, and the board shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const company = `Brightframe ${suffix}`;
  const title = `Creator Manager ${suffix}`;

  await signInWithGoogle(page, newGoogleAccount("logo"));
  await page.goto(routes.companyEditor);
  await expect(page.getByText("Your company page is made with your first listing")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Post a job" })).toHaveAttribute(
    "href",
    routes.submit,
  );

  const jobId = await postListing(page, company, title);
  await approve(browser, title);

  await page.goto(routes.companyEditor);
  const upload = page.getByLabel("Upload a logo");
  await expect(upload).toBeVisible();
  await expect(page.getByRole("link", { name: /See your company page/ })).toHaveAttribute(
    "href",
    /\/companies\/brightframe-/,
  );
  expect(await seriousViolations(page)).toEqual([]);

  // An SVG, whatever it is called, is refused by the server: its words show by the control.
  await upload.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    ),
  });
  await page.getByRole("button", { name: "Upload logo" }).click();
  await expect(upload).toHaveAccessibleDescription("The logo must be a PNG, JPEG or WebP image");

  const png = await logoPng();
  await upload.setInputFiles({ name: "brightframe.png", mimeType: "image/png", buffer: png });
  await expect(page.getByRole("img", { name: "Preview of brightframe.png" })).toBeVisible();
  await page.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByText("Your logo is uploaded")).toBeVisible();
  await expect(page.getByText("This is your logo now.")).toBeVisible();
  const logo = await expectLogo(page.locator("main"));

  // The details, saved with a toast; a bad website is refused beside its field.
  await page.getByLabel("Website", { exact: true }).fill("not a website");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByLabel("Website", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Website", { exact: true }).fill("https://brightframe.example");
  await page.getByLabel("About").fill("Brightframe makes short documentaries with creators.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Your company page is saved")).toBeVisible();
  await lookAtBothWidths(page, "company-editor");

  await page.goto(routes.job(String(jobId)));
  await expectLogo(page.locator("main"), logo);
  await lookAtBothWidths(page, "job-page", "viewport");

  const companyLink = page.getByRole("link", { name: company, exact: true }).first();
  await expect(companyLink).toHaveAttribute("href", /^\/companies\/brightframe-/);
  await page.goto((await companyLink.getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1, name: company })).toBeVisible();
  await expectLogo(page.locator("main"), logo);
  await lookAtBothWidths(page, "company-page", "viewport");

  await page.goto(routes.department("creator-partnerships"));
  const card = page.locator("article").filter({ hasText: title });
  await expectLogo(card, logo);
  await lookAtBothWidths(page, "job-card", card);

  await page.goto(routes.companyEditor);
  await page.getByRole("button", { name: "Remove logo" }).click();
  await expect(page.getByText("Your logo is removed")).toBeVisible();
  await expect(page.getByText(/No logo yet/)).toBeVisible();
});

test("a logo's box shows the company's initial until the logo loads, and keeps its size", async ({
  page,
}) => {
  // The logos come only when released: as on a slow connection.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/image**", async (route) => {
    await released;
    await route.fallback();
  });
  // Not until `load`, which waits for the images.
  await page.goto(routes.home, { waitUntil: "domcontentloaded" });
  const box = page.locator("[data-company-logo]").first();
  await box.scrollIntoViewIfNeeded();
  const initial = box.locator(".company-logo-initial");
  // The initial on its colour, not a blank white square (issue 42).
  await expect(initial).toBeVisible();
  await expect(initial).toHaveText(/^[A-Z0-9]$/);
  await expect(box).not.toHaveCSS("background-color", "rgb(255, 255, 255)");
  const before = await box.boundingBox();
  await lookAt(page, "logo-loading", "viewport");

  release();
  await expect(box).toHaveAttribute("data-loaded", "");
  await expect(box).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await expect(initial).toBeHidden();
  expect(await box.boundingBox()).toEqual(before);
});
