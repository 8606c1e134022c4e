// What a first visit to each page downloads: JavaScript and CSS, compressed as sent, measured
// in Chromium against a running production server. Prints a table; exits 0 whatever the sizes.
// Usage: node bench/page-weight.mjs [BASE_URL] [/path ...]
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../scripts/chromium.mjs";

const [baseUrl = "http://127.0.0.1:3000", ...given] = process.argv.slice(2);
const paths = given.length
  ? given
  : ["/", "/departments/design", "/jobs/some-job", "/blog", "/pricing", "/about", "/profile"];

const browser = await chromium.launch(chromiumLaunchOptions);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(
  "page".padEnd(28),
  "JS (sent)".padStart(12),
  "JS files".padStart(9),
  "CSS (sent)".padStart(12),
);
try {
  for (const path of paths) {
    // A new context per page, so nothing is cached from the page before.
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent = { script: 0, stylesheet: 0, scripts: 0 };
    const pending = [];
    page.on("requestfinished", (request) => {
      const type = request.resourceType();
      if (type !== "script" && type !== "stylesheet") return;
      pending.push(
        request.sizes().then((sizes) => {
          sent[type] += sizes.responseBodySize;
          if (type === "script") sent.scripts += 1;
        }),
      );
    });
    // "load": what the page itself needs, before Next.js prefetches the pages it links to.
    await page.goto(new URL(path, baseUrl).href, { waitUntil: "load" });
    await Promise.all(pending);
    console.log(
      path.padEnd(28),
      kb(sent.script).padStart(12),
      String(sent.scripts).padStart(9),
      kb(sent.stylesheet).padStart(12),
    );
    await context.close();
  }
} finally {
  await browser.close();
}
