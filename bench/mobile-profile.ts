import type { CDPSession } from "@playwright/test";

/**
 * Lighthouse's mobile profile, applied by the browser itself (devtools throttling): a 412-wide
 * screen, a 4x slower CPU and "slow 4G" (562.5 ms latency, 1.47 Mbit/s down, 675 kbit/s up).
 */
export const LIGHTHOUSE_MOBILE_VIEWPORT = { width: 412, height: 823 };

/**
 * Throttles the page behind `cdp` as Lighthouse's mobile profile does, starting with an empty
 * cache (as Lighthouse does: cleared, not turned off, so what the page itself prefetches is kept).
 */
export async function emulateLighthouseMobile(cdp: CDPSession): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
}
