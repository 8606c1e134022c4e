import { randomUUID } from "node:crypto";
import { test as base, type Page } from "@playwright/test";
import { PLACE_SECTION_ID, routes } from "@/lib/routes";
import { E2E_MODERATOR } from "./support/accounts";
import { chooseEmulatorAccount, newGoogleAccount, signInWithGoogle } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { expect, prepareContext, test } from "./support/fixtures";

const DESCRIPTION = `## The role

You will run partnerships with the creators our studio works with: finding them, agreeing the brief, and seeing each campaign through to the numbers.

- Own a roster of 30 creators
- Report to the head of partnerships`;

/** The department page lists the job (or not), as an anonymous visitor gets it. */
async function departmentLists(page: Page, title: string): Promise<boolean> {
  await page.goto(routes.department("creator-partnerships"));
  return page.getByRole("link", { name: title }).isVisible();
}

test("an employer fixes the form's mistakes and submits; a moderator approves; the job is live", async ({
  page,
  browser,
}) => {
  // Submission, review, publication and take-down, in two browsers: a long story.
  test.slow();
  const suffix = randomUUID().slice(0, 6);
  const title = `Creator Partnerships Lead ${suffix}`;
  const employer = newGoogleAccount("employer");

  // Before: the department page (now in the page cache) does not list it.
  expect(await departmentLists(page, title)).toBe(false);

  await page.goto(routes.submitWithPlan("standard"));
  await expect(page.getByRole("radio", { name: /Standard/ })).toBeChecked();
  await page.getByLabel("Company name", { exact: true }).fill(`Lumen Studio ${suffix}`);
  const website = page.getByLabel("Website", { exact: true });
  await website.fill("lumenstudio.example");
  const jobTitle = page.getByLabel("Job title", { exact: true });
  await jobTitle.fill("PM");
  // A remote job that says nowhere in particular: where applicants may live is asked.
  await page.getByLabel("Location", { exact: true }).fill("Remote");
  const description = page.getByRole("textbox", { name: "Description" });
  await description.fill("We are hiring.");
  const submit = page.getByRole("button", { name: "Submit for review" });
  await submit.click();

  // Every mistake by its field, and nothing sent (no sign-in popup).
  await expect(website).toHaveAccessibleDescription(/https/);
  await expect(jobTitle).toHaveAccessibleDescription(/job title/);
  await expect(page.getByLabel("Department", { exact: true })).toHaveAccessibleDescription(
    "Choose a department",
  );
  await expect(description).toHaveAccessibleDescription(/at least 200 characters/);
  const countries = page.getByRole("combobox", { name: "Countries or regions it accepts" });
  await expect(countries).toHaveAccessibleDescription(
    /Google's job search lists a remote job only with them/,
  );
  await expect(page.getByText("Check the fields marked in red.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // "Worldwide" starts from the countries companies usually can hire in; one is unticked.
  await countries.click();
  await countries.fill("Worldwide");
  await page.getByRole("option", { name: /^Worldwide/ }).click();
  await page.keyboard.press("Escape");
  await expect(countries).toHaveAccessibleDescription("Applicants in 24 countries.");
  await page.getByText("See or change the 24 countries").click();
  await page
    .getByRole("group", { name: "Countries applicants may live in" })
    .getByRole("checkbox", { name: "Japan" })
    .uncheck();
  await expect(countries).toHaveAccessibleDescription("Applicants in 23 countries.");

  // Fixed, each error goes as the field is corrected; typed values stay.
  await website.fill("https://lumenstudio.example");
  await jobTitle.fill(title);
  await expect(jobTitle).not.toHaveAccessibleDescription(/job title/);
  await page.getByLabel("Department", { exact: true }).selectOption("creator-partnerships");
  await page.getByLabel("Region", { exact: true }).selectOption("remote");
  await page.getByLabel("Type", { exact: true }).selectOption("full-time");
  await page.getByLabel("From", { exact: true }).fill("70000");
  await page.getByLabel("To", { exact: true }).fill("90000");
  await description.fill(DESCRIPTION);
  // Applications on the board are the default; this employer sends candidates to their site.
  await expect(page.getByRole("radio", { name: /On the board/ })).toBeChecked();
  await page.getByRole("radio", { name: /On your site/ }).check();
  await page
    .getByLabel("Apply URL", { exact: true })
    .fill("https://lumenstudio.example/jobs/partnerships");
  await expect(page.getByLabel("Company name", { exact: true })).toHaveValue(
    `Lumen Studio ${suffix}`,
  );

  // The Markdown preview, and the listing as lists will show it.
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByRole("tabpanel").getByRole("heading", { name: "The role" })).toBeVisible();
  await page.getByRole("tab", { name: "Write" }).click();
  const preview = page.getByRole("region", { name: "Listing preview" });
  await expect(preview).toContainText(title);
  await expect(preview).toContainText("$70k – $90k a year");

  // Sending asks the signed-out employer to sign in, then sends.
  const popup = page.waitForEvent("popup");
  await submit.click();
  await chooseEmulatorAccount(await popup, employer);
  const confirmation = page.getByRole("status").filter({ hasText: "Your listing is in" });
  await expect(confirmation).toContainText(/#\d+/);
  await confirmation.getByRole("link", { name: "See your listings" }).click();
  const listing = page.getByRole("listitem").filter({ hasText: title });
  await expect(listing).toContainText("In review");

  // A moderator, in a browser of their own, approves it.
  const moderatorContext = await browser.newContext();
  await prepareContext(moderatorContext);
  const moderator = await moderatorContext.newPage();
  await moderator.goto(`${routes.signIn}?next=${encodeURIComponent(routes.review)}`);
  await signInWithGoogle(moderator, E2E_MODERATOR);
  await expect(moderator).toHaveURL(routes.review);
  // Its card by its heading: the card that takes its place says "Published: …" of it (issue 61).
  const item = moderator
    .getByRole("listitem")
    .filter({ has: moderator.getByRole("heading", { level: 2, name: title }) });
  await expect(item).toContainText(employer.email);
  expect(await seriousViolations(moderator)).toEqual([]);
  await item.getByRole("button", { name: `Approve and publish ${title}` }).click();
  await expect(moderator.getByText(`Published: ${title}`)).toBeVisible();
  await expect(item).toHaveCount(0);

  // Live at once on its department page (the cached copy was dropped), and on its own page.
  expect(await departmentLists(page, title)).toBe(true);
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The role" })).toBeVisible();
  // Its page still says "Remote"; Google is given the countries chosen.
  const posting = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').allTextContents()).find((text) =>
      text.includes('"JobPosting"'),
    )!,
  ) as { applicantLocationRequirements: { name: string }[] };
  expect(posting.applicantLocationRequirements.map((country) => country.name)).toHaveLength(23);
  expect(JSON.stringify(posting)).not.toContain('"JP"');
  const jobUrl = page.url();

  await page.goto(routes.listings);
  await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText("Live");

  // The moderator finds it among the live listings and takes it down, with a reason.
  await moderator.getByRole("tab", { name: "Live listings" }).click();
  await moderator.getByLabel("Find a live listing").fill(title);
  await moderator.getByRole("button", { name: "Search", exact: true }).click();
  const live = moderator.getByRole("listitem").filter({ hasText: title });
  await expect(live).toHaveCount(1);
  await live.getByRole("button", { name: `Take down… ${title}` }).click();
  const reason = live.getByLabel("Why it is taken down");
  await reason.fill("Too short");
  await live.getByRole("button", { name: `Take down listing ${title}` }).click();
  await expect(live.getByText(/at least 10 characters/)).toBeVisible();
  await reason.fill("The listing asks candidates to pay for their own training.");
  expect(await seriousViolations(moderator)).toEqual([]);
  await live.getByRole("button", { name: `Take down listing ${title}` }).click();
  await moderator.getByRole("button", { name: "Take it down" }).click();
  await expect(moderator.getByText(`Taken down: ${title}`)).toBeVisible();
  await expect(live).toHaveCount(0);
  await moderator.getByRole("tab", { name: "Audit log" }).click();
  await expect(
    moderator.getByRole("row").filter({ hasText: "listing.takedown" }).first(),
  ).toContainText("pay for their own training");
  await moderatorContext.close();

  // Gone from the board: its page answers 404 and its department page no longer lists it.
  expect((await page.goto(jobUrl))?.status()).toBe(404);
  expect(await departmentLists(page, title)).toBe(false);
});

test("a non-moderator who opens the review queue is told it is not for them", async ({ page }) => {
  await signInWithGoogle(page, newGoogleAccount("curious"));
  await page.goto(routes.review);
  await expect(page.getByRole("heading", { name: "For moderators only" })).toBeVisible();
});

// Playwright's own test: the app's fixture moves the mouse after each navigation, which starts
// the page's scripts (lib/page-start.ts); these never come.
base(
  "/submit untouched shows where the job can be done, whole, and asks no address the location gives",
  async ({ page }) => {
    await page.route("**/_next/static/**", (route) =>
      route.request().resourceType() === "script" ? route.abort() : route.fallback(),
    );
    await page.goto(routes.submit);
    const place = page.locator(`#${PLACE_SECTION_ID}`);
    await expect(place.getByRole("heading", { name: "Where it can be done" })).toBeVisible();
    // In the server's HTML, not loaded after the page's scripts, which wait for a touch (issue 42).
    await expect(page.getByText("Loading where it can be done…")).toHaveCount(0);
    await expect(place).toContainText("Read from the location and the region above");
    // City, region and country are not asked again beside the location: folded away, optional.
    await expect(page.getByLabel("Location", { exact: true })).toBeVisible();
    for (const label of ["City", "State or region", "Country"]) {
      await expect(page.getByLabel(label, { exact: true })).toBeHidden();
    }
    await place.getByText("Give the address in parts instead").click();
    await expect(page.getByLabel("City", { exact: true })).toBeVisible();
  },
);

test("/submit says the address is read from the location as it is typed, and asks a remote job its countries", async ({
  page,
}) => {
  await page.goto(routes.submit);
  const place = page.locator(`#${PLACE_SECTION_ID}`);
  await page.getByLabel("Location", { exact: true }).fill("Austin, TX");
  await expect(place).toContainText("Read from the location you gave, “Austin, TX”");
  await expect(page.getByLabel("City", { exact: true })).toBeHidden();
  await page.getByLabel("Region", { exact: true }).selectOption("remote");
  await expect(
    page.getByRole("combobox", { name: "Countries or regions it accepts" }),
  ).toBeVisible();
});
