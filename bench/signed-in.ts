// How soon a signed-in person sees their profile area: a full load of a profile page, from
// navigation to the profile layout's heading (the page's `h1`) visible, with the times of the
// steps between (HTML received, first script asked for, heading), and when the page's own
// content (its form, filled from the API) is shown. Signs in once as a new emulator
// account through the real Google popup, then loads each page `--runs` times in a new tab of the
// same browser profile, so Firebase restores the session as it would for a returning visitor.
// Two profiles: this machine unthrottled (desktop, 1280 wide), and Lighthouse's mobile profile
// applied by the browser (412 wide, a 4× slower CPU, slow 4G: 562.5 ms latency, 1.47 Mbit/s
// down), each with an empty HTTP cache, as Lighthouse loads a page. Prints medians; exits 0.
//
// Usage:
//   npx tsx bench/signed-in.ts                        starts the Auth emulator (unless one runs)
//                                                     and dist/server.js on port 3470, data folder
//                                                     data/bench-signed-in (seeded on first start)
//   npx tsx bench/signed-in.ts http://127.0.0.1:3000  a running server that trusts the emulator
// Options: --runs 5 --port 3470 --paths /preferences,/profile
import { chromium, type BrowserContext } from "@playwright/test";
import { chromiumLaunchOptions } from "../scripts/chromium.mjs";
import { newGoogleAccount, routeGoogleApis, signInWithGoogle } from "../e2e/support/auth";
import startEmulator, { AUTH_EMULATOR_HOST } from "../tests/global-setup";
import { emulateLighthouseMobile, LIGHTHOUSE_MOBILE_VIEWPORT } from "./mobile-profile";
import { numberArg, startProductionServer } from "./production-server.mjs";

const runs = numberArg("runs", 5);
const port = numberArg("port", 3470);
const pathsArg = process.argv.indexOf("--paths");
const paths = pathsArg > 0 ? process.argv[pathsArg + 1]!.split(",") : ["/preferences", "/profile"];
const given = process.argv.slice(2).find((arg) => /^https?:\/\//.test(arg)) ?? process.env.BASE_URL;

type Profile = {
  name: string;
  viewport: { width: number; height: number };
  throttle: boolean;
};

const PROFILES: Profile[] = [
  { name: "desktop, unthrottled", viewport: { width: 1280, height: 900 }, throttle: false },
  {
    name: "Lighthouse mobile (4x CPU, slow 4G)",
    viewport: LIGHTHOUSE_MOBILE_VIEWPORT,
    throttle: true,
  },
];

/** Times in ms from navigation start, read in the page (see TIMINGS_SCRIPT). */
type Timings = { html: number; firstScript: number; heading: number; content: number };

// Runs in every page before its own scripts: notes the frame in which an h1 is first visible (the
// server's HTML may hold the heading hidden until a token exists), and the page's form.
const TIMINGS_SCRIPT = `(() => {
  const watch = (selector, key) => {
    const seen = () => {
      const element = document.querySelector(selector);
      if (element && element.checkVisibility()) window[key] = performance.now();
      else requestAnimationFrame(seen);
    };
    requestAnimationFrame(seen);
  };
  watch("h1", "__headingAt");
  watch("main form", "__contentAt");
})();`;

async function loadOnce(context: BrowserContext, url: string, throttle: boolean): Promise<Timings> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    if (throttle) await emulateLighthouseMobile(cdp);
    else {
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    }
    await page.goto(url, { waitUntil: "commit" });
    await page.locator("h1").first().waitFor({ timeout: 60_000 });
    await page.locator("main form").first().waitFor({ timeout: 60_000 });
    return await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType(
        "navigation",
      ) as PerformanceNavigationTiming[];
      const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === "script")
        .map((entry) => entry.startTime);
      return {
        html: navigation?.responseEnd ?? NaN,
        firstScript: scripts.length ? Math.min(...scripts) : NaN,
        heading: (window as unknown as { __headingAt: number }).__headingAt,
        content: (window as unknown as { __contentAt: number }).__contentAt,
      };
    });
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const stopEmulator = given ? undefined : await startEmulator();
  const server = given
    ? { origin: new URL(given).origin, stop: async () => {} }
    : await startProductionServer({
        port,
        env: { DATA_DIR: "data/bench-signed-in", FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST },
        probe: "/favicon.svg",
      });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const rows: string[][] = [];
    for (const profile of PROFILES) {
      const context = await browser.newContext({
        viewport: profile.viewport,
        baseURL: server.origin,
      });
      await routeGoogleApis(context);
      await context.addInitScript(TIMINGS_SCRIPT);
      const signIn = await context.newPage();
      await signInWithGoogle(signIn, newGoogleAccount("bench"));
      await signIn.close();
      for (const path of paths) {
        const results: Timings[] = [];
        for (let run = 0; run < runs; run++) {
          results.push(await loadOnce(context, server.origin + path, profile.throttle));
        }
        const m = (key: keyof Timings) => `${Math.round(median(results.map((r) => r[key])))} ms`;
        rows.push([profile.name, path, m("html"), m("firstScript"), m("heading"), m("content")]);
      }
      await context.close();
    }
    console.log(`median of ${runs} full loads per page, signed in; ${server.origin}\n`);
    const header = [
      "profile",
      "page",
      "HTML received",
      "first script asked",
      "heading shown",
      "form shown",
    ];
    const line = (cells: string[]) => console.log(`| ${cells.join(" | ")} |`);
    line(header);
    line(header.map(() => "---"));
    rows.forEach(line);
  } finally {
    await browser.close();
    await server.stop();
    if (typeof stopEmulator === "function") stopEmulator();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
