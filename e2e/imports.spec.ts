import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { routes } from "@/lib/routes";
import { startAtsServer, type AtsServer } from "@/tests/support/ats-server";
import { serveBoard, type FixtureJob } from "@/tests/support/ats-fixtures";
import { E2E_ATS_PORT } from "./support/ats";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { jobPostingIssues } from "./support/job-postings";
import { expect, prepareContext, test } from "./support/fixtures";
import { moderatorPage, postListing } from "./support/listings";
import { mailTo } from "./support/mail";
import { lookAt, lookAtBothWidths } from "./support/screenshots";

/*
 * Jobs imported from an ATS (issue 46), as people do it on the running board, against a local
 * stand-in for Greenhouse's public job board API (the board's server reads it at ATS_API_URL).
 * An employer types the board's name, previews its 12 jobs, imports them; a moderator approves
 * the first import and the jobs are live. A candidate who applied on the ATS tracks one of them.
 * Then the ATS drops that job, edits one and adds one: the employer's next run shows exactly
 * that, the edited job's page shows its new title, and the candidate is told by mail.
 */

let ats: AtsServer;

test.beforeAll(async () => {
  ats = await startAtsServer(E2E_ATS_PORT);
});

test.afterAll(async () => {
  await ats.close();
});

const LOREM =
  "You will shape how millions of people meet the creators they love, working with a small team " +
  "that ships every week. We look for someone who writes clearly, listens well and cares about " +
  "the craft, with a few years of experience in a similar role.";

function fixtureJob(suffix: string, n: number, title: string): FixtureJob {
  return {
    id: String(7_100_000 + n),
    title: `${title} ${suffix}`,
    department: n % 2 ? "Creative" : "Marketing",
    location: n % 3 ? "Los Angeles, CA" : "London, UK",
    country: n % 3 ? "US" : "GB",
    type: "Full-time",
    description: `<h2>About the role</h2><p>${LOREM}</p><ul><li>Own the work</li><li>Ship it</li></ul><p><a href="https://boards.greenhouse.io/x">Read more</a></p>`,
    pay: { min: 60_000, max: 80_000, currency: "USD", period: "year" },
  };
}

const TITLES = [
  "Video Editor",
  "Shorts Producer",
  "Community Manager",
  "Thumbnail Designer",
  "Channel Strategist",
  "Brand Partnerships Lead",
  "Motion Designer",
  "Podcast Producer",
  "Social Media Manager",
  "Talent Coordinator",
  "Copywriter",
  "Data Analyst",
];

/** A browser of its own for one more person. */
async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await prepareContext(context);
  return context.newPage();
}

test("an employer imports a Greenhouse board, and the next run follows what changed there", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const suffix = randomUUID().slice(0, 6);
  const company = `Acme Studio ${suffix}`;
  const board = `acme-${suffix}`;
  const jobs = TITLES.map((title, i) => fixtureJob(suffix, i + 1, title));
  serveBoard(ats, "greenhouse", board, jobs, { companyName: company });

  // The employer's first listing makes the company; then its imports.
  const owner = newGoogleAccount("imports-owner");
  await signInWithGoogle(page, owner);
  await postListing(page, company, `Founding Editor ${suffix}`);
  await page.goto(routes.imports);

  // A mistyped name: the ATS has no such board, said beside the field.
  const connect = page.getByRole("form", { name: "Your applicant tracking system" });
  await connect.getByLabel("Applicant tracking system").selectOption("Greenhouse");
  await connect.getByLabel("Your board's name").fill(`acme-typo-${suffix}`);
  await connect.getByRole("button", { name: "Preview" }).click();
  await expect(connect.getByText(/has no public board called/)).toBeVisible();

  // The right one: its 12 jobs, the first few as they would appear.
  await connect.getByLabel("Your board's name").fill(`https://boards.greenhouse.io/${board}`);
  await connect.getByRole("button", { name: "Preview" }).click();
  await expect(
    page.getByText(`${company} on Greenhouse: 12 jobs, 12 would be imported`),
  ).toBeVisible();
  await expect(page.getByText(`Video Editor ${suffix}`).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await lookAtBothWidths(page, "imports-preview");

  // The choices say what they take as boxes are ticked (issue 61), and take by country as the
  // board reads where each job is, not by the ATS's words.
  const departments = page.getByRole("group", { name: "Departments to take" });
  await expect(departments).toHaveAccessibleDescription("None ticked: every department.");
  await departments.getByRole("checkbox", { name: "Creative (6)" }).check();
  await expect(departments).toHaveAccessibleDescription("Only jobs in Creative are taken.");
  await expect(
    page.getByText(`${company} on Greenhouse: 12 jobs, 6 would be imported`),
  ).toBeVisible();
  await departments.getByRole("checkbox", { name: "Creative (6)" }).uncheck();
  await expect(departments).toHaveAccessibleDescription("None ticked: every department.");
  await expect(page.getByRole("group", { name: "Locations to take" })).toHaveCount(0);
  const countries = page.getByRole("group", { name: "Countries to take" });
  await expect(countries.getByRole("checkbox", { name: "United States (8)" })).toBeVisible();
  await countries.getByRole("checkbox", { name: "United Kingdom (4)" }).check();
  await expect(countries).toHaveAccessibleDescription("Only jobs in United Kingdom are taken.");
  await expect(
    page.getByText(`${company} on Greenhouse: 12 jobs, 4 would be imported`),
  ).toBeVisible();
  await countries.getByRole("checkbox", { name: "United Kingdom (4)" }).uncheck();
  await expect(
    page.getByText(`${company} on Greenhouse: 12 jobs, 12 would be imported`),
  ).toBeVisible();

  await page.getByRole("button", { name: "Import 12 jobs" }).click();
  const card = page.getByRole("region", { name: `Greenhouse: ${board}` });
  await expect(card).toContainText("Waiting for review");
  // The first run, on the queue: the page asks again until its report is there.
  await expect(card).toContainText("12 added", { timeout: 60_000 });

  // A moderator reviews the first import (issue 61): on a phone, the way to it is on screen.
  const moderator = await moderatorPage(browser);
  const mod = moderator.page;
  await mod.setViewportSize({ width: 390, height: 844 });
  await mod.goto(routes.reviewImports);
  const row = mod.getByRole("row").filter({ hasText: board });
  const reviewLink = row.getByRole("link", { name: /Review first import/ });
  await reviewLink.scrollIntoViewIfNeeded();
  await expect(reviewLink).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole("button", { name: /^Pause/ })).toBeInViewport({ ratio: 1 });
  // No blind approval from the list.
  await expect(row.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  const pageWidth = await mod.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(390);
  await lookAt(mod, "imports-review-list-390", "viewport");
  await mod.setViewportSize({ width: 1280, height: 900 });
  await reviewLink.click();
  await expect(mod).toHaveURL(/\/review\/imports\/\d+$/);

  // Each listing, linked to its preview as it will read on the board.
  const waiting = mod.getByRole("region", { name: "12 listings waiting" });
  await expect(waiting.getByRole("link")).toHaveCount(12);
  await waiting.getByRole("link", { name: `Thumbnail Designer ${suffix}` }).click();
  const preview = mod.getByRole("article", { name: `Thumbnail Designer ${suffix}` });
  await expect(preview).toBeInViewport();
  await expect(preview).toContainText("About the role");
  await expect(preview).toContainText("Los Angeles, CA");
  await expect(preview.getByRole("link", { name: /Its page on Greenhouse/ })).toHaveAttribute(
    "href",
    /greenhouse\.io/,
  );
  expect(await seriousViolations(mod)).toEqual([]);
  await lookAtBothWidths(mod, "imports-review-first");

  // One confirmation, naming how many go live; cancelling publishes nothing.
  await mod.getByRole("button", { name: "Approve and publish…" }).click();
  const confirm = mod.getByRole("dialog", {
    name: `Publish 12 listings from Greenhouse: ${board} (${company})?`,
  });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  const companyPage = routes.company(`acme-studio-${suffix}`);
  await mod.getByRole("button", { name: "Approve and publish…" }).click();
  await confirm.getByRole("button", { name: "Publish 12 listings" }).click();
  await expect(mod.getByText(/12 listings published/)).toBeVisible();
  await moderator.close();

  // Live on the company's page, which says where they come from.
  await page.goto(companyPage);
  const jobLink = (on: Page, title: string) => on.getByRole("link", { name: title, exact: true });
  await expect(jobLink(page, `Thumbnail Designer ${suffix}`)).toBeVisible();
  await expect(page.getByText(/come from .*careers site on Greenhouse/)).toBeVisible();
  // Every imported job's page passes Google's rules for job postings.
  const jobPaths = await page
    .getByRole("link", { name: new RegExp(` ${suffix}$`) })
    .evaluateAll((links) => [
      ...new Set(
        links
          .map((link) => link.getAttribute("href") ?? "")
          .filter((href) => href.startsWith("/jobs/")),
      ),
    ]);
  expect(jobPaths).toHaveLength(12);
  for (const path of jobPaths) {
    const html = await (await page.request.get(path)).text();
    const errors = (await jobPostingIssues(html)).filter((issue) => issue.severity === "ERROR");
    expect(errors, path).toEqual([]);
  }

  // A candidate applied on the ATS to the Video Editor role, and tracks it here.
  const candidate = newGoogleAccount("imports-candidate");
  const candidatePage = await newPerson(browser);
  await signInWithGoogle(candidatePage, candidate);
  await candidatePage.goto(companyPage);
  await jobLink(candidatePage, `Video Editor ${suffix}`).click();
  await expect(candidatePage).toHaveURL(/\/jobs\//);
  const videoEditorPath = new URL(candidatePage.url()).pathname;
  await expect(
    candidatePage.getByRole("link", { name: new RegExp(`Apply on ${company}`) }),
  ).toHaveAttribute("href", /job-boards\.greenhouse\.io/);
  await candidatePage.getByRole("button", { name: /I applied: track it/ }).click();
  await expect(
    candidatePage.getByRole("link", { name: "track it in your applications" }),
  ).toBeVisible();

  // On the ATS: the Video Editor role is filled (gone), one is retitled, one is new.
  const next = jobs
    .filter((job) => job.title !== `Video Editor ${suffix}`)
    .map((job) =>
      job.title === `Copywriter ${suffix}` ? { ...job, title: `Senior Copywriter ${suffix}` } : job,
    );
  next.push(fixtureJob(suffix, 13, "Live Producer"));
  serveBoard(ats, "greenhouse", board, next, { companyName: company });

  await page.goto(routes.imports);
  await card.getByRole("button", { name: /Run now/ }).click();
  await expect(card).toContainText("1 added, 1 changed, 1 ended", { timeout: 60_000 });
  // The next run the page shows is to come, not one already past (issue 61).
  const [shown] = await Promise.all([
    page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/company/imports" &&
        response.request().method() === "GET",
    ),
    page.reload(),
  ]);
  const { sources } = (await shown.json()) as { sources: { board: string; next_run_at: string }[] };
  const nextRun = Date.parse(sources.find((one) => one.board === board)!.next_run_at);
  expect(nextRun).toBeGreaterThan(Date.now());
  await expect(card).toContainText("Next run");
  expect(await seriousViolations(page)).toEqual([]);
  await lookAtBothWidths(page, "imports-source");

  // The board follows: the new and retitled roles are live, the gone one is not.
  await page.goto(companyPage);
  await expect(jobLink(page, `Live Producer ${suffix}`)).toBeVisible();
  await expect(jobLink(page, `Senior Copywriter ${suffix}`)).toBeVisible();
  await expect(jobLink(page, `Video Editor ${suffix}`)).toHaveCount(0);
  await lookAtBothWidths(page, "imports-company");

  // The job that left the ATS says so truthfully: not filled, closed by its employer.
  await candidatePage.goto(videoEditorPath);
  await expect(
    candidatePage.getByText("This job is no longer accepting applications"),
  ).toBeVisible();
  await expect(candidatePage.getByText("The employer closed this listing.")).toBeVisible();
  await expect(candidatePage.getByText(/has been filled/)).toHaveCount(0);

  // The candidate hears, once, that the role closed.
  await expect
    .poll(() => mailTo(candidate.email).map((mail) => mail.subject), { timeout: 60_000 })
    .toContain(`Closed: Video Editor ${suffix} at ${company}`);
  await candidatePage.context().close();
});
