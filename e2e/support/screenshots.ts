import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";

/*
 * Pictures of what a person sees, to look at while building: with SCREENSHOTS=dir set, the
 * browser tests that walk a screen (the pipeline, the apply form, the company editor) save
 * pictures of it there. Without it they take none: the suite spends no time on pictures nobody
 * checks, and writes nothing outside its own folders.
 */
const folder = process.env.SCREENSHOTS;

/** What to take: the whole page (the default), what the window shows, or one element. */
type Target = "page" | "viewport" | Locator;

/** Saves `target` as `name`.png at the page's current size, when SCREENSHOTS is set. */
export async function lookAt(page: Page, name: string, target: Target = "page"): Promise<void> {
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const path = `${folder}/${name}.png`;
  if (target === "page") await page.screenshot({ path, fullPage: true });
  else if (target === "viewport") await page.screenshot({ path });
  else await target.screenshot({ path });
}

/** A desktop's and a phone's window. */
export const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** lookAt at a desktop's and a phone's size (`name`-1280, `name`-390), then a desktop's again. */
export async function lookAtBothWidths(page: Page, name: string, target: Target = "page") {
  if (!folder) return;
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await lookAt(page, `${name}-${size.width}`, target);
  }
  await page.setViewportSize(WIDTHS[0]);
}
