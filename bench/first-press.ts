// What starting a public page's scripts on intent (lib/page-start.ts) costs the person it hurts
// most: someone on a slow phone whose first touch is a tap on a button. On Lighthouse's mobile
// profile (bench/mobile-profile.ts), loads `/` and taps the menu button ("Open menu"), timing
// the tap to the menu panel on screen, in three ways:
//   - at once: the tap as soon as the button is on screen;
//   - after reading: the tap 5 s after the page's load event, nothing touched before;
//   - after a scroll: a finger scrolls the page at its load event, the tap 5 s later.
// A signed-in visitor's page starts at its first paint instead; `--signed-in-hint` sets that
// hint (without signing in), which is how every public page started before issue 25, for
// comparison in the same run. Prints medians; exits 0.
//
// Usage: npx tsx bench/first-press.ts [http://127.0.0.1:3460] [--runs 3] [--port 3460]
//        (without an address, starts dist/server.js on the port, data/bench-lighthouse)
import { chromium, type Browser, type Page } from "@playwright/test";
import { SIGNED_IN_HINT } from "../lib/auth/signed-in-hint";
import { chromiumLaunchOptions } from "../scripts/chromium.mjs";
import { emulateLighthouseMobile, LIGHTHOUSE_MOBILE_VIEWPORT } from "./mobile-profile";
import { numberArg, startProductionServer } from "./production-server.mjs";

const runs = numberArg("runs", 3);
const port = numberArg("port", 3460);
const given = process.argv.slice(2).find((arg) => /^https?:\/\//.test(arg)) ?? process.env.BASE_URL;

type Way = "at once" | "after reading" | "after a scroll";
const WAYS: Way[] = ["at once", "after reading", "after a scroll"];

async function pressOnce(browser: Browser, origin: string, way: Way, hint: boolean) {
  const context = await browser.newContext({
    viewport: LIGHTHOUSE_MOBILE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    baseURL: origin,
  });
  if (hint)
    await context.addInitScript(`localStorage.setItem(${JSON.stringify(SIGNED_IN_HINT)}, "1")`);
  const page: Page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await emulateLighthouseMobile(cdp);
    const button = page.getByRole("button", { name: "Open menu" });
    if (way === "at once") {
      await page.goto("/", { waitUntil: "commit" });
      await button.waitFor();
    } else {
      await page.goto("/", { waitUntil: "load" });
      if (way === "after a scroll") {
        const touch = (type: "touchStart" | "touchMove" | "touchEnd", y: number) =>
          cdp.send("Input.dispatchTouchEvent", {
            type,
            touchPoints: type === "touchEnd" ? [] : [{ x: 200, y }],
          });
        await touch("touchStart", 600);
        await touch("touchMove", 400);
        await touch("touchEnd", 400);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      await page.waitForTimeout(5000);
    }
    const start = Date.now();
    await button.tap();
    await page.getByRole("dialog").waitFor({ timeout: 60_000 });
    return Date.now() - start;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const server = given
    ? { origin: new URL(given).origin, stop: async () => {} }
    : await startProductionServer({ port, env: { DATA_DIR: "data/bench-lighthouse" } });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    console.log(`median of ${runs} runs, Lighthouse mobile profile; ${server.origin}\n`);
    console.log("| first tap | scripts start on intent | scripts start at first paint (hint) |");
    console.log("| --- | --- | --- |");
    for (const way of WAYS) {
      const times: Record<"intent" | "paint", number[]> = { intent: [], paint: [] };
      for (let run = 0; run < runs; run++) {
        times.intent.push(await pressOnce(browser, server.origin, way, false));
        times.paint.push(await pressOnce(browser, server.origin, way, true));
      }
      console.log(`| ${way} | ${median(times.intent)} ms | ${median(times.paint)} ms |`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main();
