// Screenshots of profile-area pages at desktop and phone widths, signed in as a new emulator
// account with a few saved, applied and hidden jobs. Needs the app on a production build and
// the Auth emulator (as `bash scripts/serve.sh` runs them).
// Usage: npx tsx scripts/signed-in-screenshots.ts BASE_URL OUT_DIR /path [/path ...]
import { mkdir } from "node:fs/promises";
import { chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium.mjs";
import { newGoogleAccount, routeGoogleApis, signInWithGoogle } from "../e2e/support/auth";

/** Saves three jobs, applies to the first and hides the third, through the app's own buttons. */
async function addSampleActivity(page: Page) {
  const response = await page.request.get("/api/jobs?per_page=3");
  const { jobs } = (await response.json()) as { jobs: { id: number; slug: string }[] };
  for (const [index, job] of jobs.entries()) {
    await page.goto(`/jobs/${job.id}-${job.slug}`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("button", { name: "Saved" }).waitFor();
    if (index === 0) {
      await page.getByRole("button", { name: /I applied/ }).click();
      await page.getByText(/track it in your applications/).waitFor();
    }
    if (index === 2) {
      await page.getByRole("button", { name: "Not interested", exact: true }).click();
      await page.getByRole("button", { name: "Hidden", exact: true }).waitFor();
    }
  }
}

async function main() {
  const [baseURL = "http://127.0.0.1:3000", outDir = "screenshots", ...paths] =
    process.argv.slice(2);
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    for (const [name, viewport] of Object.entries({
      desktop: { width: 1280, height: 900 },
      phone: { width: 390, height: 844 },
    })) {
      const context = await browser.newContext({ viewport, baseURL });
      await routeGoogleApis(context);
      const page = await context.newPage();
      await signInWithGoogle(page, newGoogleAccount("screenshots"));
      await addSampleActivity(page);
      for (const path of paths.length ? paths : ["/profile"]) {
        await page.goto(path, { waitUntil: "networkidle" });
        const file = `${outDir}/${name}${path.replaceAll("/", "_")}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
