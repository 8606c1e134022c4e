import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { routes } from "@/lib/routes";
import { onePagePdf } from "@/tests/fixtures/pdf";
import {
  chooseEmulatorAccount,
  newGoogleAccount,
  signInWithGoogle,
  type GoogleAccount,
} from "./support/auth";
import { seriousViolations } from "./support/axe";
import { expect, prepareContext, test } from "./support/fixtures";
import { approve, DESCRIPTION } from "./support/listings";
import { mailTo } from "./support/mail";
import { lookAtBothWidths } from "./support/screenshots";

/*
 * The candidate directory (issue 47), as people use it on the running board. A candidate who
 * will not be public chooses "Employers only". Neither an anonymous visitor nor a search engine
 * can find the profile. An employer whose listing is live finds the candidate by a typo of their
 * skill and invites them to the listing; the mail arrives through SMTP; the candidate accepts,
 * applies, and is in the employer's pipeline marked "Invited". A second company invites too: the
 * candidate declines and stops it, and it can neither open the profile nor invite again.
 */

/** A browser of its own for one more person. */
async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await prepareContext(context);
  return context.newPage();
}

/**
 * `employer` posts a free listing that takes applications on the board (signing in with the
 * popup as they send it), and a moderator approves it: the company has hired on the board.
 */
async function postLiveListing(
  browser: Browser,
  page: Page,
  employer: GoogleAccount,
  company: string,
  title: string,
) {
  await page.goto(routes.submitWithPlan("standard"));
  await page.getByLabel("Company name", { exact: true }).fill(company);
  await page.getByLabel("Website", { exact: true }).fill("https://studio.example");
  await page.getByLabel("Job title", { exact: true }).fill(title);
  await page.getByLabel("Department", { exact: true }).selectOption("design");
  await page.getByLabel("Region", { exact: true }).selectOption("united-kingdom");
  await page.getByLabel("Type", { exact: true }).selectOption("full-time");
  await page.getByLabel("Location", { exact: true }).fill("London, UK");
  await page.getByRole("textbox", { name: "Description" }).fill(DESCRIPTION);
  await expect(page.getByRole("radio", { name: /On the board/ })).toBeChecked();
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await chooseEmulatorAccount(await popup, employer);
  await expect(page.getByRole("status").filter({ hasText: "Your listing is in" })).toBeVisible();
  await approve(browser, title);
}

/** The employer's search for `keyword`: the candidate's card, found by their name. */
async function searchFor(page: Page, keyword: string, name: string) {
  await page.goto(`${routes.candidates}?q=${encodeURIComponent(keyword)}`);
  // The answer is in: its count ("2 candidates", "0 candidates"), then the cards if any.
  await expect(page.getByText(/^\d+ candidates?$/)).toBeVisible();
  return page.getByRole("list", { name: "Candidates" }).getByRole("listitem").filter({
    hasText: name,
  });
}

test("a candidate visible to employers only is found by a typo of their skill, invited, and applies; a company they stop cannot invite again", async ({
  page,
  browser,
}) => {
  // Four people and a moderator, each in a browser of their own, and mail: a long story.
  test.setTimeout(480_000);
  const suffix = randomUUID().slice(0, 6);
  const employer = newGoogleAccount("directory-employer");
  const rival = newGoogleAccount("directory-rival");
  const candidate = newGoogleAccount("directory-candidate");
  const company = `Frame Studio ${suffix}`;
  const rivalCompany = `Rival Reels ${suffix}`;
  const title = `Colourist ${suffix}`;
  const rivalTitle = `Finishing Editor ${suffix}`;

  // The candidate fills in a profile and chooses "Employers only".
  const candidatePage = await newPerson(browser);
  await candidatePage.goto(`${routes.signIn}?next=${encodeURIComponent(routes.profile)}`);
  await signInWithGoogle(candidatePage, candidate);
  await expect(candidatePage).toHaveURL(routes.profile);
  await candidatePage.getByLabel("Headline").fill("Colourist for documentary creators");
  await candidatePage.getByLabel("Skills").fill("Rotoscoping, DaVinci Resolve");
  await candidatePage.getByRole("button", { name: "Save profile" }).click();
  await expect(candidatePage.getByText("Your profile is saved.")).toBeVisible();
  await candidatePage.goto(routes.settings);
  const visibility = candidatePage.getByRole("radiogroup", { name: "Who can see your profile" });
  // New profiles are hidden.
  await expect(visibility.getByRole("radio", { name: "Hidden" })).toBeChecked();
  // The choice shows at once; the reload below waits for the save's answer, or it could cut
  // the request off before it is sent.
  const saved = candidatePage.waitForResponse(
    (response) =>
      response.url().endsWith("/api/current_user") && response.request().method() === "PATCH",
  );
  await visibility.getByRole("radio", { name: "Employers only" }).click();
  await expect(visibility.getByRole("radio", { name: "Employers only" })).toBeChecked();
  expect((await saved).ok()).toBe(true);
  // Saved: it stays so on a fresh load.
  await expect(async () => {
    await candidatePage.reload();
    await expect(
      candidatePage
        .getByRole("radiogroup", { name: "Who can see your profile" })
        .getByRole("radio", { name: "Employers only" }),
    ).toBeChecked({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  expect(await seriousViolations(candidatePage)).toEqual([]);
  await lookAtBothWidths(candidatePage, "settings-visibility");

  // The first employer's listing goes live; their company may now search.
  await postLiveListing(browser, page, employer, company, title);

  // The employer finds the candidate by a typo of their skill (one the stemmer does not undo),
  // once the directory's vocabulary has their words: a job refills it within a minute of the
  // profile's change, so the employer may have to search again.
  let card = page.getByRole("listitem").filter({ hasText: candidate.name });
  await expect(async () => {
    card = await searchFor(page, "rotoscopign", candidate.name);
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByText(/Showing results for/)).toContainText("rotoscoping");
  // The directory has its place in the sidebar's hiring links, apart from the listings.
  const sidebar = page.getByRole("navigation", { name: "Profile" });
  await expect(sidebar.getByRole("link", { name: "Find candidates" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(sidebar.getByRole("link", { name: "Your listings" })).not.toHaveAttribute(
    "aria-current",
    "page",
  );
  expect(await seriousViolations(page)).toEqual([]);
  await lookAtBothWidths(page, "directory-search");
  const profileLink = card.getByRole("link").first();
  const profileHref = (await profileLink.getAttribute("href"))!;
  expect(profileHref).toMatch(/^\/listings\/candidates\/[0-9a-f]{20}$/);
  await profileLink.click();
  await expect(page.getByRole("heading", { level: 1, name: candidate.name })).toBeVisible();
  // Never the candidate's address.
  await expect(page.locator("body")).not.toContainText(candidate.email);

  // Nobody else finds it: not the talent page, not the sitemap, not an anonymous visitor, not a
  // search engine (the page is noindex, disallowed, and its HTML holds no profile).
  const anonymous = await newPerson(browser);
  await anonymous.goto(routes.talent);
  await expect(anonymous.locator("main")).not.toContainText(candidate.name);
  const robots = await (await anonymous.request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /listings/");
  const sitemap = await (await anonymous.request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain(profileHref);
  const crawled = await anonymous.request.get(profileHref, {
    headers: {
      "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    },
  });
  const html = await crawled.text();
  expect(html).toMatch(/<meta name="robots" content="noindex"[^>]*>/);
  expect(html).not.toContain(candidate.name);
  expect(html).not.toContain("Rotoscoping");
  const key = profileHref.split("/").pop()!;
  const api = await anonymous.request.get(`/api/company/talent/${key}`);
  expect(api.status()).toBe(401);
  await anonymous.goto(profileHref);
  await expect(anonymous.locator("body")).not.toContainText(candidate.name);
  await anonymous.context().close();

  // The employer invites the candidate to the listing.
  const invite = page.getByRole("form", { name: `Invite ${candidate.name} to apply` });
  await invite.getByLabel("Job").selectOption({ label: title });
  await invite
    .getByLabel("Your message")
    .fill("Your grading reel is lovely. Would you apply to work on our next series?");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    page.getByRole("list", { name: `Your invitations to ${candidate.name}` }),
  ).toContainText(title);
  expect(await seriousViolations(page)).toEqual([]);
  await lookAtBothWidths(page, "directory-profile");

  // The mail reaches the candidate through SMTP, from the queue.
  await expect
    .poll(() => mailTo(candidate.email).map((mail) => mail.subject), { timeout: 60_000 })
    .toContainEqual(expect.stringContaining(company));
  const mail = mailTo(candidate.email).find((sent) => sent.subject.includes(company))!;
  expect(mail.text).toContain("Would you apply to work on our next series?");
  expect(mail.text).toContain(routes.invitations);

  // The candidate accepts: the listing's apply form opens with their profile filled in.
  await candidatePage.goto(routes.invitations);
  const received = candidatePage.getByRole("article", { name: `${company}: ${title}` });
  await expect(received).toContainText("Would you apply to work on our next series?");
  expect(await seriousViolations(candidatePage)).toEqual([]);
  await lookAtBothWidths(candidatePage, "invitations");
  await received.getByRole("button", { name: "Accept and apply" }).click();
  const dialog = candidatePage.getByRole("dialog", { name: `Apply for ${title}` });
  await expect(dialog.getByLabel("Your name")).toHaveValue(candidate.name);
  await expect(dialog.getByLabel("Email")).toHaveValue(candidate.email);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "grading-cv.pdf",
    mimeType: "application/pdf",
    buffer: await onePagePdf("Colourist: curriculum vitae."),
  });
  await dialog.getByRole("button", { name: "Send application" }).click();
  await expect(dialog.getByText("Your application was sent.")).toBeVisible();

  // The application is in the employer's pipeline, marked invited.
  await page.goto(routes.listings);
  const row = page.getByRole("listitem").filter({ hasText: title });
  await row.getByRole("link", { name: new RegExp(`^Applicants for ${title}`) }).click();
  const applicant = page
    .getByRole("tabpanel")
    .getByRole("button", { name: new RegExp(candidate.name) });
  await expect(applicant).toContainText("Invited");

  // A second company invites the candidate too; they decline and stop it.
  const rivalPage = await newPerson(browser);
  await postLiveListing(browser, rivalPage, rival, rivalCompany, rivalTitle);
  const rivalCard = await searchFor(rivalPage, "rotoscoping", candidate.name);
  await rivalCard.getByRole("link").first().click();
  const rivalInvite = rivalPage.getByRole("form", { name: `Invite ${candidate.name} to apply` });
  await rivalInvite.getByLabel("Job").selectOption({ label: rivalTitle });
  await rivalInvite.getByLabel("Your message").fill("Come and finish our films.");
  await rivalInvite.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    rivalPage.getByRole("list", { name: `Your invitations to ${candidate.name}` }),
  ).toContainText(rivalTitle);

  await candidatePage.goto(routes.invitations);
  const rivalReceived = candidatePage.getByRole("article", {
    name: `${rivalCompany}: ${rivalTitle}`,
  });
  await rivalReceived.getByRole("button", { name: /^Decline/ }).click();
  const decline = candidatePage.getByRole("dialog", {
    name: `Decline ${rivalCompany}’s invitation?`,
  });
  await decline.getByLabel("Your reason (optional)").fill("I only work on documentaries.");
  await decline
    .getByRole("checkbox", { name: new RegExp(`Stop invitations from ${rivalCompany}`) })
    .check();
  await decline.getByRole("button", { name: "Decline", exact: true }).click();
  await expect(rivalReceived).toContainText(`You stopped ${rivalCompany}`);

  // The stopped company sees the answer, but can neither open the profile nor invite again.
  await rivalPage.goto(routes.candidates);
  await rivalPage.getByRole("tab", { name: "Invitations sent" }).click();
  await expect(rivalPage.getByRole("tabpanel")).toContainText("I only work on documentaries.");
  await rivalPage.goto(profileHref);
  await expect(rivalPage.getByRole("heading", { name: candidate.name })).toHaveCount(0);
  await expect(
    rivalPage.getByRole("form", { name: `Invite ${candidate.name} to apply` }),
  ).toHaveCount(0);
  const rivalSearch = await searchFor(rivalPage, "rotoscoping", candidate.name);
  await expect(rivalSearch).toHaveCount(0);

  // The first employer still finds the candidate. Inviting them to the listing they applied to
  // is warned of, before anything is sent, and nothing can be (issue 61).
  const found = await searchFor(page, "rotoscoping", candidate.name);
  await expect(found).toBeVisible();
  await found.getByRole("link").first().click();
  await invite.getByLabel("Job").selectOption({ label: title });
  await expect(invite.getByRole("status")).toContainText(
    `${candidate.name} already applied to this listing`,
  );
  await expect(invite.getByRole("link", { name: "among its applicants" })).toHaveAttribute(
    "href",
    new RegExp(`^/listings/\\d+/applicants$`),
  );
  await expect(invite.getByRole("button", { name: "Send invitation" })).toBeDisabled();
  await page.screenshot({ path: "/work/wt/shots/team-invite-applied-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await invite.getByRole("status").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/work/wt/shots/team-invite-applied-390.png" });
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const opened of [candidatePage, rivalPage]) await opened.context().close();
});
