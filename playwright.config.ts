import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium.mjs";
import { E2E_MODERATOR } from "./e2e/support/accounts";
import { E2E_SMTP_PORT } from "./e2e/support/mail";
import { AUTH_EMULATOR_HOST } from "./tests/global-setup";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  // Two files at a time (the tests of a file in order): the server and the browsers wait on
  // each other as much as they compute, so two workers use a 2-core machine's time better.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: "list",
  // The Firebase Auth emulator that sign-in runs against (started unless already listening),
  // and the SMTP server the app sends mail to: one of each for every worker.
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 900 },
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: {
    // The production build, as visitors get it.
    command: "node dist/server.js",
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      // Its own folder per run when several run at once (E2E_DATA_DIR; also pass --output).
      DATA_DIR: process.env.E2E_DATA_DIR ?? "data/e2e",
      // The API accepts the emulator's (unsigned) ID tokens only with this set.
      FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST,
      // Who may approve listings (e2e/submit.spec.ts signs in as them).
      ADMIN_EMAILS: E2E_MODERATOR.email,
      // Mail goes to the SMTP server the global setup starts (e2e/support/mail.ts).
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
