import type { Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { expect } from "./fixtures";
import { nuCheckerErrors } from "./nu-checker";
import { lookAt, WIDTHS } from "./screenshots";

/**
 * A screen as a desktop and a phone show it: axe finds nothing serious and the Nu Html Checker
 * no error at 1280 and at 390 wide (a screen drawn for the width can differ in its document, not
 * only in its layout), with a picture of each (`name`-1280, `name`-390) when SCREENSHOTS is set;
 * then back at a desktop's size. A failure names the width.
 */
export async function expectCleanAtBothWidths(page: Page, name: string): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await lookAt(page, `${name}-${size.width}`);
    expect(await seriousViolations(page), `axe on ${name} at ${size.width}`).toEqual([]);
    expect(await nuCheckerErrors(page), `Nu checker on ${name} at ${size.width}`).toEqual([]);
  }
  await page.setViewportSize(WIDTHS[0]);
}
