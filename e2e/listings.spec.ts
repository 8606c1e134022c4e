import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { routes } from "@/lib/routes";
import { connectPglite } from "@/lib/server/db/pglite-client";
import { companies, companyMembers, jobs, users } from "@/lib/server/db/schema";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { nuCheckerErrors } from "./support/nu-checker";
import { emulatorUid, removeBoardFolders, serveBoard } from "./support/board-server";
import { expect, test } from "./support/fixtures";
import {
  approve,
  DESCRIPTION,
  expectLogo,
  logoPng,
  moderatorPage,
  postListing,
} from "./support/listings";

/** The page at `path` links to the job titled `title` (its card's link, by its exact name). */
const listed = async (page: Page, path: string, title: string) => {
  await page.goto(path);
  return page.getByRole("link", { name: title, exact: true }).isVisible();
};

test("an employer posts two listings under one company, edits one (reviewed while the live version stays), and fills the other", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const company = `Northlight ${suffix}`;
  const first = `Partnerships Lead ${suffix}`;
  const second = `Talent Manager ${suffix}`;
  const edited = `Head of Partnerships ${suffix}`;

  await signInWithGoogle(page, newGoogleAccount("lister"));
  const firstId = await postListing(page, company, first);

  // The company made with the first listing gets its logo; the second listing keeps it.
  await page.goto(routes.listings);
  await page.getByRole("link", { name: "Company profile" }).click();
  await page.getByLabel("Upload a logo").setInputFiles({
    name: "northlight.png",
    mimeType: "image/png",
    buffer: await logoPng(),
  });
  await page.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByText("Your logo is uploaded")).toBeVisible();
  const secondId = await postListing(page, company, second);
  await approve(browser, first, second);

  // One company page holds both, with the logo.
  await page.goto(routes.listings);
  const firstRow = page.getByRole("listitem").filter({ hasText: first });
  await expect(firstRow).toContainText("Live");
  await page.goto(routes.job(String(firstId)));
  await page.getByRole("link", { name: company, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: company })).toBeVisible();
  await expectLogo(page.locator("main"));
  await expect(page.getByRole("link", { name: first, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: second, exact: true })).toBeVisible();

  // Each listing's figures: the visits above counted once each (the employer's browser).
  await page.goto(routes.listings);
  const figures = firstRow.getByRole("region", { name: /Statistics/ });
  await expect(figures).toContainText("Views");

  // Editing the title goes to review; the live listing keeps its title meanwhile.
  await page.goto(routes.listings);
  await firstRow.getByRole("link", { name: `Edit ${first}` }).click();
  await expect(page.getByRole("heading", { name: `Edit “${first}”` })).toBeVisible();
  // Where it can be done, as posted ("Remote (US time zones)"), and one more country.
  const chosen = page.getByRole("list", { name: "Chosen" });
  await expect(chosen).toHaveText(/US time zones/);
  await page.getByRole("combobox", { name: "Countries or regions it accepts" }).fill("Brazil");
  await page.getByRole("option", { name: /^Brazil/ }).click();
  // The list stays open for more picks (the rest of the page inert meanwhile): close it.
  await page.keyboard.press("Escape");
  await expect(chosen).toHaveText(/Brazil/);
  const title = page.getByLabel("Job title", { exact: true });
  await title.fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(title).toHaveAccessibleDescription(/job title/);
  await title.fill(edited);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("the change goes live once a moderator approves it")).toBeVisible();
  await expect(page).toHaveURL(`${routes.listings}?listing=${firstId}`);
  await expect(firstRow).toContainText("is in review");
  await expect(firstRow).toContainText("Live");
  await page.goto(routes.job(String(firstId)));
  await expect(page.getByRole("heading", { level: 1, name: first })).toBeVisible();

  // The moderator sees the change beside the live title, and publishes it.
  const moderator = await moderatorPage(browser);
  await moderator.page.getByRole("tab", { name: /Edits/ }).click();
  const edit = moderator.page.getByRole("listitem").filter({ hasText: first });
  await expect(edit.getByRole("row", { name: /Title/ })).toContainText(edited);
  await expect(edit.getByRole("row", { name: /Where it can be done/ })).toContainText("Brazil");
  expect(await seriousViolations(moderator.page)).toEqual([]);
  await edit.getByRole("button", { name: `Publish edit of ${first}` }).click();
  await expect(moderator.page.getByText(`Edit published: ${first}`)).toBeVisible();
  await moderator.close();
  await page.goto(routes.job(String(firstId)));
  await expect(page.getByRole("heading", { level: 1, name: edited })).toBeVisible();

  // Filled: gone from the lists, the search and the sitemap at once; its page says so.
  expect(await listed(page, routes.department("creator-partnerships"), second)).toBe(true);
  await page.goto(routes.listings);
  const secondRow = page.getByRole("listitem").filter({ hasText: second });
  await secondRow.getByRole("button", { name: `Mark filled ${second}` }).click();
  const dialog = page.getByRole("dialog", { name: "Mark this job filled?" });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Mark filled" }).click();
  await expect(page.getByText(`Marked filled: ${second}`)).toBeVisible();
  await expect(secondRow).toContainText("Filled");
  expect(await listed(page, routes.department("creator-partnerships"), second)).toBe(false);
  expect(await listed(page, `/?q=${encodeURIComponent(second)}`, second)).toBe(false);
  // The sitemap index's job files hold 50,000 ids each.
  const jobsSitemap = async (id: number) =>
    (await request.get(`/sitemaps/jobs-${Math.ceil(id / 50_000)}.xml`)).text();
  expect(await jobsSitemap(Number(secondId))).not.toContain(`/jobs/${secondId}-`);
  expect(await jobsSitemap(Number(firstId))).toContain(`/jobs/${firstId}-`);
  await page.goto(routes.job(String(secondId)));
  await expect(page.getByText("This job is no longer accepting applications")).toBeVisible();
  await expect(page.getByText("It has been filled.")).toBeVisible();
  expect(await page.locator('script[type="application/ld+json"]').allTextContents()).not.toEqual(
    expect.arrayContaining([expect.stringContaining("JobPosting")]),
  );

  // Renewal opens only in a listing's last days: the live one says when.
  await page.goto(routes.listings);
  await expect(page.getByRole("listitem").filter({ hasText: edited })).toContainText(
    "Renewal opens 3 days before it ends.",
  );
});

const DAY = 86_400_000;

/**
 * A board of its own, served by a second server: a listing cannot be made to end in a browser
 * test (it runs for its plan's 30 days), so this one is written ended into a fresh database
 * first, owned by `account`, and the production build serves it.
 */
async function boardWithEndedListing(account: { email: string; name: string }, title: string) {
  const dataDir = "data/e2e-renew";
  removeBoardFolders(dataDir);
  const handle = connectPglite(dataDir);
  await handle.migrate();
  const now = Date.now();
  const [user] = await handle.db
    .insert(users)
    .values({
      firebaseUid: await emulatorUid(account.email),
      email: account.email,
      fullName: account.name,
    })
    .returning();
  const [company] = await handle.db
    .insert(companies)
    .values({ slug: "renewals-studio", name: "Renewals Studio" })
    .returning();
  await handle.db
    .insert(companyMembers)
    .values({ companyId: company!.id, userId: user!.id, role: "owner" });
  const [job] = await handle.db
    .insert(jobs)
    .values({
      slug: "ended-role",
      companyId: company!.id,
      title,
      department: "creator-partnerships",
      region: "remote",
      type: "full-time",
      location: "Remote",
      description: DESCRIPTION,
      applyUrl: "https://renewals.example/apply",
      status: "expired",
      plan: "standard",
      submittedBy: user!.id,
      reviewedAt: new Date(now - 32 * DAY),
      publishedAt: new Date(now - 32 * DAY),
      expiresAt: new Date(now - 2 * DAY),
    })
    .returning();
  await handle.close();

  const board = await serveBoard(dataDir, 7);
  return {
    origin: board.origin,
    jobId: job!.id,
    // Its folder goes once the server has exited: until then it may still be writing there.
    stop: board.stop,
  };
}

test("an employer renews an ended listing on the free plan, and it is on the board again", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = newGoogleAccount("renewer");
  const title = `Ended Role ${randomUUID().slice(0, 6)}`;
  // The account exists once it has signed in (here, on the main board).
  await signInWithGoogle(page, account);
  const board = await boardWithEndedListing(account, title);
  try {
    await page.goto(`${board.origin}${routes.signIn}?next=${encodeURIComponent(routes.listings)}`);
    await signInWithGoogle(page, account);
    const row = page.getByRole("listitem").filter({ hasText: title });
    await expect(row).toContainText("Expired");
    await row.getByRole("button", { name: `Renew ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Renew this listing?" });
    await expect(dialog).toContainText("30 more days on the board, from today");
    await expect(dialog).toContainText("The free plan renews at no charge.");
    expect(await seriousViolations(page)).toEqual([]);
    // The page with its dialog open, in the Nu Html Checker too (issue 63).
    expect(await nuCheckerErrors(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Renew listing" }).click();
    await expect(page.getByText(`Renewed: ${title}`)).toBeVisible();
    await expect(row).toContainText("Live until");
    await page.goto(`${board.origin}${routes.department("creator-partnerships")}`);
    await expect(page.getByRole("link", { name: title })).toBeVisible();

    // Posted "Remote" before the board asked where applicants may live: Google's job search
    // leaves it out. Its row says so, with the fix one click away.
    await page.goto(`${board.origin}${routes.listings}`);
    await expect(row).toContainText("Not in Google’s job search yet.");
    await row.getByRole("link", { name: `Name the countries for ${title}` }).click();
    await expect(page).toHaveURL(`${board.origin}${routes.listingPlace(board.jobId)}`);
    await expect(page.getByText("Google’s job search leaves this listing out.")).toBeVisible();
    const countries = page.getByRole("combobox", { name: "Countries or regions it accepts" });
    await expect(countries).toBeInViewport();
    await expect(countries).toHaveAccessibleDescription("Choose at least one country or region.");
    expect(await seriousViolations(page)).toEqual([]);
    await countries.fill("Worldwide");
    await page.getByRole("option", { name: /^Worldwide/ }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Save changes" }).click();
    // Completing it is no material change: live at once, and the flag is gone.
    await expect(page.getByText("Saved: your listing shows the change.")).toBeVisible();
    await expect(row).toContainText("Live until");
    await expect(row).not.toContainText("Google’s job search");
    await row.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const posting = (
      await page.locator('script[type="application/ld+json"]').allTextContents()
    ).find((text) => text.includes('"JobPosting"'));
    expect(JSON.parse(posting!)).toMatchObject({
      jobLocationType: "TELECOMMUTE",
      applicantLocationRequirements: expect.arrayContaining([{ "@type": "Country", name: "US" }]),
    });
  } finally {
    await board.stop();
  }
});
