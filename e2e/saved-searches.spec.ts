import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { routes } from "@/lib/routes";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { approve, postListing } from "./support/listings";
import { mailTo } from "./support/mail";

// Issue 29's round trip: a visitor searches the board, presses "Save this search", signs in and
// comes back to the dialog, saves it weekly; a new matching job is approved onto the board; an
// operator runs the alerts (`npm run worker -- --once --now`, which the PGlite server runs) and
// the saved-search alert arrives with the new job and a link to the search's results.
// /preferences then lists the search, and deletes it after asking.

const runWorkerOnce = () =>
  promisify(execFile)(process.execPath, ["dist/worker.js", "--once", "--now"], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? "data/e2e", LOG_LEVEL: "warn" },
  });

test("a search saved from the board brings its new job by mail, and /preferences manages it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const account = newGoogleAccount("searcher");
  const mark = Math.random().toString(36).slice(2, 8);
  const title = `Partnerships Lead ${mark}`;

  // A search on the board, signed out: the control is a link to sign in and come back.
  await page.goto(routes.home);
  await page.getByRole("search").getByRole("searchbox").first().fill("partnerships");
  await page.getByRole("search").getByRole("searchbox").first().press("Enter");
  await expect(page).toHaveURL(/\/\?q=partnerships$/);
  await page.getByRole("link", { name: "Save this search" }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await signInWithGoogle(page, account);

  // Back on the results, the dialog is open.
  await expect(page).toHaveURL(/\/\?q=partnerships$/);
  const dialog = page.getByRole("dialog", { name: "Save this search" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("“partnerships”");
  await dialog.getByRole("radio", { name: "Weekly" }).click();
  await dialog.getByRole("button", { name: "Save search" }).click();
  await expect(page.getByText("Search saved: new matches by email, weekly")).toBeVisible();
  await expect(page.getByRole("link", { name: "Saved — manage on Preferences" })).toBeVisible();

  // The same page later says so at once.
  await page.reload();
  await expect(page.getByRole("link", { name: "Saved — manage on Preferences" })).toBeVisible();

  // A new job that matches comes onto the board.
  await postListing(page, `Saved Search Studio ${mark}`, title);
  await approve(browser, title);

  const { stdout } = await runWorkerOnce();
  expect(stdout).toContain("job-alerts: 1 done");
  // Other tests' runs may have mailed this person first: the one naming the job is the one.
  const alerts = () =>
    mailTo(account.email).filter(
      (mail) => mail.subject.includes("for “partnerships”") && mail.html.includes(title),
    );
  const alert = () => alerts()[0];
  await expect.poll(() => Boolean(alert()), { timeout: 30_000 }).toBe(true);
  const mail = alert()!;
  expect(mail.subject).toMatch(/^\d+ new jobs? for “partnerships”$/);
  expect(mail.text).toContain(title);
  expect(mail.html).toMatch(/href="[^"]+\/\?q=partnerships"/);
  expect(mail.html).toMatch(/href="[^"]+\/unsubscribe\?token=[^"]+"/);

  // Run again: nothing new for the search, so no second mail naming it.
  await runWorkerOnce();
  expect(alerts()).toHaveLength(1);

  // /preferences lists it, links to its results, and deletes it after asking.
  await page.goto(routes.preferences);
  const saved = page.getByRole("region", { name: "Saved searches" });
  const row = saved.getByRole("listitem").filter({ hasText: "“partnerships”" });
  await expect(row.getByRole("link", { name: "“partnerships”" })).toHaveAttribute(
    "href",
    "/?q=partnerships",
  );
  await expect(row.getByRole("combobox", { name: "Email new matches" })).toHaveValue("weekly");
  await row.getByRole("combobox", { name: "Email new matches" }).selectOption("daily");
  await expect(page.getByText("Alerts daily: “partnerships”")).toBeVisible();
  await row.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete it" }).click();
  await expect(page.getByText("Deleted: “partnerships”")).toBeVisible();
  await expect(saved.getByText("No saved searches yet")).toBeVisible();
});
