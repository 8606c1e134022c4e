import type { APIRequestContext } from "@playwright/test";
import { ACCOUNT_DELETED_MESSAGE } from "@/hooks/use-current-user";
import { ERROR_TOAST_MESSAGE } from "@/lib/error-toast";
import type { JobSummary } from "@/features/jobs/types";
import { jobPath } from "@/features/jobs/path";
import { routes } from "@/lib/routes";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { seriousViolations } from "./support/axe";

// A candidate's whole round, signed in through the real popup against the Auth emulator.

async function openJobs(request: APIRequestContext, query = ""): Promise<JobSummary[]> {
  const response = await request.get(`/api/jobs?per_page=5${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { jobs: JobSummary[] }).jobs;
}

test("a signed-out click on Save leads to sign-in and back to the job", async ({
  page,
  request,
}) => {
  const [job] = await openJobs(request);
  await page.goto(jobPath(job!));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === routes.signIn && url.searchParams.get("next") === jobPath(job!),
  );

  await signInWithGoogle(page, newGoogleAccount("back"));

  await expect(page).toHaveURL((url) => url.pathname === jobPath(job!));
  await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});

test("saves, applies to and tracks a job from its page", async ({ page, request }) => {
  const [job] = await openJobs(request, "&q=manager");
  await page.goto(`${routes.signIn}?next=${encodeURIComponent(jobPath(job!))}`);
  await signInWithGoogle(page, newGoogleAccount("apply"));
  await expect(page).toHaveURL((url) => url.pathname === jobPath(job!));

  // Both presses show at once, before the server answers; the reload waits for its answers (a
  // reload sooner would cancel requests still in flight, as it would for a person).
  const answered = (path: string) =>
    page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === path && response.request().method() === "POST",
    );
  const savedOnServer = answered("/api/saved_jobs");
  const save = page.getByRole("button", { name: "Save", exact: true });
  await save.click();
  await expect(page.getByRole("button", { name: "Saved" })).toHaveAttribute("aria-pressed", "true");
  const appliedOnServer = answered("/api/applied_jobs");
  await page.getByRole("button", { name: /I applied/ }).click();
  await expect(page.getByText(/Applied: track it in your applications/)).toBeVisible();
  expect((await savedOnServer).status()).toBe(201);
  expect((await appliedOnServer).status()).toBe(201);

  // The server kept both: a reload shows them again.
  await page.reload();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  await expect(page.getByText(/Applied: track it in your applications/)).toBeVisible();

  await page.goto(routes.savedJobs);
  await expect(page.getByRole("link", { name: job!.title })).toBeVisible();
  await expect(page.getByText("Applied", { exact: true })).toBeVisible();

  await page.goto(routes.appliedJobs);
  const status = page.getByLabel(`Status of ${job!.title}`);
  await expect(status).toHaveValue("applied");
  await status.selectOption("interviewing");
  await expect(status).toHaveValue("interviewing");
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(page.getByLabel(`Status of ${job!.title}`)).toHaveValue("interviewing");

  await page.goto(routes.savedJobs);
  await page.getByRole("button", { name: `Remove ${job!.title}` }).click();
  await expect(page.getByText("No saved jobs yet")).toBeVisible();
});

test("hides a job from the lists, and brings it back", async ({ page }) => {
  await signInWithGoogle(page, newGoogleAccount("hide"));
  await page.goto(routes.home);
  const firstCard = page.locator("main article").first();
  const title = (await firstCard.getByRole("heading").innerText()).trim();
  // The job by its address: the sample board has other jobs of the same title.
  const href = (await firstCard.getByRole("heading").getByRole("link").getAttribute("href"))!;
  const jobLinks = page.locator(`main a[href="${href}"]`);

  await firstCard.getByRole("button", { name: `Not interested in ${title}` }).click();
  await expect(page.getByText(`${title} is hidden from your lists.`)).toBeVisible();
  await page.reload();
  await expect(page.locator("main article").first()).toBeVisible();
  await expect(jobLinks).toHaveCount(0);

  await page.goto(routes.rejectedJobs);
  await expect(jobLinks.first()).toBeVisible();
  await page.getByRole("button", { name: `Show again ${title}` }).click();
  await expect(page.getByText("Nothing hidden")).toBeVisible();

  await page.goto(routes.home);
  await expect(jobLinks.first()).toBeVisible();
});

test("edits the profile, with the server's field errors beside their fields", async ({ page }) => {
  const account = newGoogleAccount("edit");
  await signInWithGoogle(page, account);
  await expect(page.getByLabel("Full name")).toHaveValue(account.name);

  await page.getByLabel("Headline").fill("Creator partnerships lead");
  const website = page.getByLabel("Website or portfolio");
  await website.fill("ftp://files.example.com");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(website).toHaveAccessibleDescription(/must be a web address starting with https/);
  await expect(website).toHaveAttribute("aria-invalid", "true");

  await website.fill("https://ada.example.com");
  await page.getByRole("switch", { name: "Open to work" }).click();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile is saved.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  await expect(page.getByLabel("Headline")).toHaveValue("Creator partnerships lead");
  await expect(page.getByLabel("Website or portfolio")).toHaveValue("https://ada.example.com");
  await expect(page.getByRole("switch", { name: "Open to work" })).toBeChecked();
});

test("preferences pick the jobs on /jobs", async ({ page }) => {
  await signInWithGoogle(page, newGoogleAccount("prefs"));
  await page.goto(routes.jobs);
  await expect(page.getByText("These are the newest jobs on the board.")).toBeVisible();

  await page.goto(routes.preferences);
  await page.getByRole("checkbox", { name: "Engineering" }).click();
  await page.getByRole("switch", { name: "Remote only" }).click();
  await page.getByRole("radio", { name: "Daily" }).click();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Your preferences are saved.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const recommendations = page.waitForResponse((response) =>
    response.url().includes("/api/recommendations"),
  );
  await page.goto(routes.jobs);
  await expect(page.getByText("Matching your preferences")).toBeVisible();
  const chips = page.getByRole("listitem").filter({ hasText: /^(Engineering|Remote only)$/ });
  await expect(chips).toHaveCount(2);
  const { jobs } = (await (await recommendations).json()) as { jobs: JobSummary[] };
  expect(jobs.length).toBeGreaterThan(0);
  for (const job of jobs) expect([job.department, job.region]).toEqual(["engineering", "remote"]);
  await expect(page.locator("main article")).toHaveCount(jobs.length);
});

test("deletes the account behind a confirmation and signs out", async ({ page }) => {
  const account = newGoogleAccount("delete");
  await signInWithGoogle(page, account);
  await page.getByLabel("Headline").fill("Soon gone");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile is saved.")).toBeVisible();

  await page.goto(routes.settings);
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Keep my account" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Delete account" }).click();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL((url) => url.pathname === routes.home);
  await expect(page.getByText(ACCOUNT_DELETED_MESSAGE)).toBeVisible();
  await expect(
    page.locator("header[data-theme]").getByRole("link", { name: "Sign in", exact: true }),
  ).toBeVisible();

  // Signing in again with the same Google account starts a new, empty profile.
  await signInWithGoogle(page, account);
  await expect(page.getByLabel("Headline")).toHaveValue("");
});

test("a failing current-user call shows the error toast", async ({ page }) => {
  await signInWithGoogle(page, newGoogleAccount("toast"));
  await page.route("**/api/current_user", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"down"}' }),
  );
  await page.reload();
  // After the query's one retry (a second later) and once the toaster, loaded when the page is
  // idle, has mounted: on a busy machine that can pass the default 5 s.
  await expect(page.getByRole("status").filter({ hasText: ERROR_TOAST_MESSAGE })).toBeVisible({
    timeout: 15_000,
  });
});
