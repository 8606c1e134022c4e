import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

type RunOptions = Parameters<AxeBuilder["options"]>[0];

/**
 * An axe run in the page itself: most of the board's pages have no frames of their own to scan
 * (the Google popup is a window, reCAPTCHA is Google's), and the default mode opens a second page
 * per run to merge frame results, which doubles each scan's time. With `frames`, the default
 * mode, for the pages that frame a document of ours: the CV frame (issue 40) is sandboxed, of
 * no origin, which the page-only mode's messages to frames never reach. Every rule still runs on
 * every element, but only violations are worked out in full (axe's `resultTypes`): the passes
 * and "incomplete" results, which no check here reads, took a quarter of each scan.
 */
const axeFor = (page: Page, options: RunOptions = {}, { frames = false } = {}) =>
  new AxeBuilder({ page }).setLegacyMode(!frames).options({
    ...options,
    resultTypes: ["violations"],
    // axe fetches each frame's style sheets again to read them, which the CV frame's policy
    // refuses (and reports); no rule that runs by default needs them.
    ...(frames ? { preload: false } : {}),
  });

/**
 * Waits for the page's finite animations to end: a toast fading in or out is half transparent
 * while it moves, and axe measures the contrast of the colour it has at that moment (a toast
 * leaving as the viewport changed failed color-contrast once). Endless ones (a spinner) are
 * left running.
 */
export async function settledAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs `scan` with the page's animations held still (Chromium's animation timeline at rate 0, by
 * the DevTools protocol): waiting for the running ones is not enough, since a toast's time may
 * run out during a scan of several seconds, and axe would then measure it half faded out. Held,
 * an animation that starts meanwhile stays on its first frame, which for a toast leaving is
 * the toast as it was shown.
 */
async function withAnimationsHeld<T>(page: Page, scan: () => Promise<T>): Promise<T> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send("Animation.enable");
    await session.send("Animation.setPlaybackRate", { playbackRate: 0 });
    return await scan();
  } finally {
    await session.send("Animation.setPlaybackRate", { playbackRate: 1 }).catch(() => undefined);
    await session.detach().catch(() => undefined);
  }
}

/**
 * The page's serious and critical axe violations, named so a failure says where; with `frames`,
 * those in its frames too.
 */
export async function seriousViolations(page: Page, scope: { frames?: boolean } = {}) {
  await settledAnimations(page);
  const results = await withAnimationsHeld(page, () => axeFor(page, {}, scope).analyze());
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

/**
 * Every axe rule: axe runs all but its experimental ones by default (best practices included,
 * not only the WCAG-tagged rules); these are the experimental ones of axe-core 4.14.
 */
const EVERY_RULE = Object.fromEntries(
  [
    "css-orientation-lock",
    "focus-order-semantics",
    "hidden-content",
    "p-as-heading",
    "table-fake-caption",
    "td-has-header",
  ].map((id) => [id, { enabled: true }]),
);

/** All the page's axe violations, of any impact, each naming its rule, impact and elements. */
export async function axeViolations(page: Page) {
  await settledAnimations(page);
  const results = await withAnimationsHeld(page, () =>
    axeFor(page, { rules: EVERY_RULE }).analyze(),
  );
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}
