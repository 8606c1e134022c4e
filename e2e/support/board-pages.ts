import type { Page } from "@playwright/test";
import { routes } from "@/lib/routes";

/** A job page and its company's page, found from the board's first job. */
export async function jobAndCompanyPages(page: Page): Promise<[string, string]> {
  await page.goto(routes.home);
  const job = (await page
    .getByRole("article")
    .first()
    .getByRole("heading")
    .getByRole("link")
    .getAttribute("href"))!;
  await page.goto(job);
  const company = (await page.locator('main a[href^="/companies/"]').first().getAttribute("href"))!;
  return [job, company];
}
