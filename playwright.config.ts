import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium.mjs";
import { E2E_MODERATOR } from "./e2e/support/accounts";
import { E2E_ATS_PORT } from "./e2e/support/ats";
import { E2E_INBOUND_DOMAIN, E2E_INBOUND_PORT, E2E_RELAY, E2E_SMTP_PORT } from "./e2e/support/mail";
import { e2eWorkers } from "./e2e/support/workers";
import { AUTH_EMULATOR_HOST } from "./tests/global-setup";

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? "data/e2e";
const serverLog = `${dataDir}-server.log`;
const baseURL = `http://127.0.0.1:${port}`;

const desktopChrome = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1280, height: 900 },
  launchOptions: chromiumLaunchOptions,
};

/** The specs the "last" project runs, once every other spec has run. */
const LAST_SPECS = /legal-versions\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  // Files side by side, each file's tests in order, as many files at once as the machine has
  // cores free just now (e2e/support/workers.ts; E2E_WORKERS sets it).
  fullyParallel: false,
  workers: e2eWorkers(),
  forbidOnly: Boolean(process.env.CI),
  // A test that fails fails: a retry would hide what a slow machine shows (issue 41).
  retries: 0,
  // Limits sized for a busy 2-core machine, where a page that takes 300 ms on a quiet one can
  // take several seconds: every wait is for a condition, so a quick machine is not slowed by
  // them. A test that tells a long story sets its own (test.setTimeout).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: "list",
  // The Firebase Auth emulator that sign-in runs against (started unless already listening),
  // and the SMTP server the app sends mail to: one of each for every worker.
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL,
    // No trace unless asked for (`npx playwright test --trace retain-on-failure`): recording one
    // for every test, to keep the failures', took 40% of the suite's time on a 2-core machine
    // (six specs: 197 s with it, 124 s without), and a failure prints its screenshot's path and
    // call log anyway.
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: LAST_SPECS,
      use: desktopChrome,
    },
    {
      // Specs that change what every other spec's users meet (a new version of the terms puts
      // a banner before each signed-in person): after all the others, on the same board. Run
      // one alone with `--no-deps`.
      name: "last",
      testMatch: LAST_SPECS,
      dependencies: ["chromium"],
      use: desktopChrome,
    },
  ],
  webServer: {
    // The production build, as visitors get it. What it logs (its warnings and errors: a queued
    // job that failed, an answer that threw) goes to a file beside its data, which the run's
    // summary prints from when a test failed (scripts/test-summary.mjs).
    command: `mkdir -p "$(dirname ${serverLog})" && exec node dist/server.js > ${serverLog}`,
    env: {
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      // Its own folder per run when several run at once (E2E_DATA_DIR; also pass --output).
      DATA_DIR: dataDir,
      // The API accepts the emulator's (unsigned) ID tokens only with this set.
      FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST,
      // Who may approve listings (e2e/submit.spec.ts signs in as them).
      ADMIN_EMAILS: E2E_MODERATOR.email,
      // Mail goes to the SMTP server the global setup starts (e2e/support/mail.ts).
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // Answers by mail to an application's conversation come back through the reply inbox.
      INBOUND_MAIL_DOMAIN: E2E_INBOUND_DOMAIN,
      INBOUND_SMTP_PORT: String(E2E_INBOUND_PORT),
      // The tests stand in for the mail relay in front of it, whose word on DMARC it takes.
      INBOUND_TRUSTED_RELAYS: E2E_RELAY.address,
      INBOUND_RELAY_AUTHSERV_ID: E2E_RELAY.authservId,
      // Boards imported from ATSs are read from the stand-in e2e/imports.spec.ts runs.
      ATS_API_URL: `http://127.0.0.1:${E2E_ATS_PORT}`,
      // The sample board's example bank (scripts/serve.sh): without one, nothing is sold on
      // invoice (issue 61).
      BILLING_SELLER_BANK:
        "EXAMPLE ONLY: not a real account|Example Bank plc|IBAN GB33 BUKB 2020 1555 5555 55|BIC BUKBGB22",
    },
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
