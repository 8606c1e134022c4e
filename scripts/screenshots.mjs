// Screenshots of pages at desktop and phone widths, for looking at what a person sees.
// Usage: node scripts/screenshots.mjs BASE_URL OUT_DIR /path [/path ...]
import { mkdir } from "node:fs/promises";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium.mjs";

const [baseUrl = "http://127.0.0.1:3000", outDir = "screenshots", ...paths] = process.argv.slice(2);
const widths = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const [name, viewport] of Object.entries(widths)) {
    const page = await browser.newPage({ viewport });
    for (const path of paths.length ? paths : ["/"]) {
      await page.goto(new URL(path, baseUrl).href, { waitUntil: "networkidle" });
      const file = `${outDir}/${name}${path.replaceAll("/", "_") || "_home"}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
