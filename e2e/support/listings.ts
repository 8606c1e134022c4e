import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { routes } from "@/lib/routes";
import { E2E_MODERATOR } from "./accounts";
import { signInWithGoogle } from "./auth";
import { expect, prepareContext } from "./fixtures";

/** A description long enough for the form (200 characters at least). */
export const DESCRIPTION = `## The role

You will shape how our studio works with creators: finding them, agreeing the brief, and seeing each campaign through to the numbers, with a team of four.

- Own a roster of 30 creators
- Report to the head of partnerships`;

/**
 * Opens /submit on `plan` and fills in a listing in Creator partnerships, remote, whose
 * candidates apply on the employer's site; it is left to send.
 */
export async function fillListing(page: Page, company: string, title: string, plan = "standard") {
  await page.goto(routes.submitWithPlan(plan));
  await page.getByLabel("Company name", { exact: true }).fill(company);
  await page.getByLabel("Website", { exact: true }).fill("https://studio.example");
  await page.getByLabel("Job title", { exact: true }).fill(title);
  await page.getByLabel("Department", { exact: true }).selectOption("creator-partnerships");
  await page.getByLabel("Region", { exact: true }).selectOption("remote");
  await page.getByLabel("Type", { exact: true }).selectOption("full-time");
  await page.getByLabel("Location", { exact: true }).fill("Remote (US time zones)");
  await page.getByRole("textbox", { name: "Description" }).fill(DESCRIPTION);
  // Candidates apply on the employer's site (on the board is the default).
  await page.getByRole("radio", { name: /On your site/ }).check();
  await page.getByLabel("Apply URL", { exact: true }).fill("https://studio.example/jobs");
}

/** The id in the confirmation /submit shows once a listing is sent. */
export async function submittedId(page: Page): Promise<number> {
  const confirmation = page.getByRole("status").filter({ hasText: "Your listing is in" });
  const text = await confirmation.textContent({ timeout: 15_000 });
  return Number(/#(\d+)/.exec(text ?? "")![1]);
}

/**
 * Posts a standard (free) listing through /submit for the signed-in employer, in Creator
 * partnerships, remote; answers its id.
 */
export async function postListing(page: Page, company: string, title: string): Promise<number> {
  await fillListing(page, company, title);
  await page.getByRole("button", { name: "Submit for review" }).click();
  return submittedId(page);
}

/** The moderator, signed in, on /review in a browser context of their own. */
export async function moderatorPage(browser: Browser) {
  const context = await browser.newContext();
  await prepareContext(context);
  const page = await context.newPage();
  await page.goto(`${routes.signIn}?next=${encodeURIComponent(routes.review)}`);
  await signInWithGoogle(page, E2E_MODERATOR);
  await expect(page).toHaveURL(routes.review);
  return { page, close: () => context.close() };
}

/** The moderator approves the listings with these titles from the review queue. */
export async function approve(browser: Browser, ...titles: string[]) {
  const moderator = await moderatorPage(browser);
  for (const title of titles) {
    const item = moderator.page.getByRole("listitem").filter({ hasText: title });
    await item.getByRole("button", { name: `Approve and publish ${title}` }).click();
    await expect(moderator.page.getByText(`Published: ${title}`)).toBeVisible();
  }
  await moderator.close();
}

/** A 400×200 PNG: a violet field with a yellow disc. */
export const logoPng = () =>
  sharp({ create: { width: 400, height: 200, channels: 4, background: "#7c3aed" } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="400" height="200"><circle cx="200" cy="100" r="70" fill="#fbbf24"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

/**
 * The logo image in `scope`: served from /api/logos/ (through next/image), and loaded; with
 * `address`, that logo and no other (the sample companies have logos too). Answers its address.
 */
export async function expectLogo(scope: Locator, address?: string): Promise<string> {
  const image = address
    ? scope.locator(`img[src*="${encodeURIComponent(address)}"], img[src="${address}"]`).first()
    : scope.locator('img[src*="%2Fapi%2Flogos%2F"], img[src^="/api/logos/"]').first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  const src = (await image.getAttribute("src"))!;
  return /\/api\/logos\/[0-9a-f]{64}\.webp/.exec(decodeURIComponent(src))![0];
}
