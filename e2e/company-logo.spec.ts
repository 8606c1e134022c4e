import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { routes } from "@/lib/routes";
import { E2E_MODERATOR } from "./support/accounts";
import { newGoogleAccount, routeGoogleApis, signInWithGoogle } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/*
 * The employer's company editor, /listings/company, in Chromium: the empty state before a first
 * listing, a refused file's message beside the control, a logo uploaded with its preview, and
 * that logo on the job card, the job page and the company page (through next/image).
 * SCREENSHOTS=dir also saves the editor and a card at desktop and phone widths.
 */

const DESCRIPTION = `## The role

You will shape how our studio works with creators: finding them, agreeing the brief, and seeing each campaign through to the numbers, with a team of four.`;

const shots = process.env.SCREENSHOTS;

async function screenshot(page: Page, name: string, target?: Locator | "viewport") {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const path = `${shots}/${name}-${width}.png`;
    if (target === "viewport") await page.screenshot({ path });
    else if (target) await target.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function postListing(page: Page, company: string, title: string): Promise<number> {
  await page.goto(routes.submitWithPlan("standard"));
  await page.getByLabel("Company name", { exact: true }).fill(company);
  await page.getByLabel("Website", { exact: true }).fill("https://brightframe.example");
  await page.getByLabel("Job title", { exact: true }).fill(title);
  await page.getByLabel("Department", { exact: true }).selectOption("creator-partnerships");
  await page.getByLabel("Region", { exact: true }).selectOption("remote");
  await page.getByLabel("Type", { exact: true }).selectOption("full-time");
  await page.getByLabel("Location", { exact: true }).fill("Remote (EU time zones)");
  await page.getByRole("textbox", { name: "Description" }).fill(DESCRIPTION.repeat(2));
  await page.getByLabel("Apply URL", { exact: true }).fill("https://brightframe.example/jobs");
  await page.getByRole("button", { name: "Submit for review" }).click();
  const confirmation = page.getByRole("status").filter({ hasText: "Your listing is in" });
  const text = await confirmation.textContent({ timeout: 15_000 });
  return Number(/#(\d+)/.exec(text ?? "")![1]);
}

async function approve(browser: Browser, title: string) {
  const context = await browser.newContext();
  await routeGoogleApis(context);
  const page = await context.newPage();
  await page.goto(`${routes.signIn}?next=${encodeURIComponent(routes.review)}`);
  await signInWithGoogle(page, E2E_MODERATOR);
  const item = page.getByRole("listitem").filter({ hasText: title });
  await item.getByRole("button", { name: `Approve and publish ${title}` }).click();
  await expect(page.getByText(`Published: ${title}`)).toBeVisible();
  await context.close();
}

/** The logo image in `scope`: served from /api/logos/ (through next/image), and loaded. */
async function expectLogo(scope: Locator) {
  const image = scope.locator('img[src*="%2Fapi%2Flogos%2F"], img[src^="/api/logos/"]').first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

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

  const png = await sharp({
    create: { width: 400, height: 200, channels: 4, background: "#7c3aed" },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="400" height="200"><circle cx="200" cy="100" r="70" fill="#fbbf24"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  await upload.setInputFiles({ name: "brightframe.png", mimeType: "image/png", buffer: png });
  await expect(page.getByRole("img", { name: "Preview of brightframe.png" })).toBeVisible();
  await page.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByText("Your logo is uploaded")).toBeVisible();
  await expect(page.getByText("This is your logo now.")).toBeVisible();
  await expectLogo(page.locator("main"));

  // The details, saved with a toast; a bad website is refused beside its field.
  await page.getByLabel("Website", { exact: true }).fill("not a website");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByLabel("Website", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Website", { exact: true }).fill("https://brightframe.example");
  await page.getByLabel("About").fill("Brightframe makes short documentaries with creators.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Your company page is saved")).toBeVisible();
  await screenshot(page, "company-editor");

  await page.goto(routes.job(String(jobId)));
  await expectLogo(page.locator("main"));
  await screenshot(page, "job-page", "viewport");

  const companyLink = page.getByRole("link", { name: company, exact: true }).first();
  await expect(companyLink).toHaveAttribute("href", /^\/companies\/brightframe-/);
  await page.goto((await companyLink.getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1, name: company })).toBeVisible();
  await expectLogo(page.locator("main"));
  await screenshot(page, "company-page", "viewport");

  await page.goto(routes.department("creator-partnerships"));
  const card = page.locator("article").filter({ hasText: title });
  await expectLogo(card);
  await screenshot(page, "job-card", card);

  await page.goto(routes.companyEditor);
  await page.getByRole("button", { name: "Remove logo" }).click();
  await expect(page.getByText("Your logo is removed")).toBeVisible();
  await expect(page.getByText(/No logo yet/)).toBeVisible();
});
