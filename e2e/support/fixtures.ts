import { test as base } from "@playwright/test";
import { routeGoogleApis } from "./auth";

/**
 * `test` with the Google APIs stand-in routed for every page, popup and iframe, so any spec can
 * sign someone in with signInWithGoogle (./auth).
 */
export const test = base.extend({
  context: async ({ context }, provide) => {
    await routeGoogleApis(context);
    await provide(context);
  },
});

export { expect } from "@playwright/test";
