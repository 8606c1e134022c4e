import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { routes } from "@/lib/routes";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { mailTo } from "./support/mail";

// The round trip: a new candidate sets weekly alerts, an operator runs
// `npm run worker -- --once --now` while the server runs (on PGlite, the command asks the
// server, which owns the data folder), and the digest arrives; its unsubscribe link works.

const runWorkerOnce = () =>
  promisify(execFile)(process.execPath, ["dist/worker.js", "--once", "--now"], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? "data/e2e", LOG_LEVEL: "warn" },
  });

test("weekly alerts set on /preferences arrive with --once --now, and unsubscribe works", async ({
  page,
}) => {
  // A long story: sign-in, two runs of the worker command (a process each), the mail, the link.
  test.setTimeout(120_000);
  const account = newGoogleAccount("alerts");
  await signInWithGoogle(page, account);
  await page.goto(routes.preferences);
  await page.getByRole("radio", { name: "Weekly" }).click();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Your preferences are saved.")).toBeVisible();

  const { stdout } = await runWorkerOnce();
  expect(stdout).toContain("Ran by the server on this data folder");
  expect(stdout).toContain("job-alerts: 1 done");

  // The server's workers send it (the run above queued it and sent what was ready).
  await expect.poll(() => mailTo(account.email).length).toBe(1);
  const [mail] = mailTo(account.email);
  expect(mail!.subject).toMatch(/^Your weekly job alert: \d+ new jobs?$/);
  const html = mail!.html;
  const unsubscribe = /href="([^"]+\/unsubscribe\?token=[^"]+)"/.exec(html)?.[1];
  expect(unsubscribe).toBeDefined();

  // Run again: nothing new for this candidate, so no second mail.
  await runWorkerOnce();
  expect(mailTo(account.email)).toHaveLength(1);

  // The link works signed out too; it asks before it changes anything.
  await page.context().clearCookies();
  // (Its host is the configured site's; this server answers on another port.)
  const link = new URL(unsubscribe!.replaceAll("&amp;", "&"));
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Stop job alerts?" })).toBeVisible();
  await page.getByRole("button", { name: "Stop job alerts" }).click();
  await expect(
    page.getByRole("heading", { name: "You will get no more job alerts" }),
  ).toBeVisible();

  await page.goto(routes.preferences);
  await expect(page.getByRole("radio", { name: "Never" })).toBeChecked();
});
