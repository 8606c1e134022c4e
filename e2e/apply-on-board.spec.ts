import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { createTransport } from "nodemailer";
import { formatDate } from "@/lib/format";
import { routes } from "@/lib/routes";
import { onePagePdf } from "@/tests/fixtures/pdf";
import { E2E_MODERATOR } from "./support/accounts";
import {
  chooseEmulatorAccount,
  newGoogleAccount,
  signInWithGoogle,
  type GoogleAccount,
} from "./support/auth";
import { seriousViolations } from "./support/axe";
import { expect, prepareContext, test } from "./support/fixtures";
import { DESCRIPTION } from "./support/listings";
import { E2E_INBOUND_PORT, mailTo, relayVerdict } from "./support/mail";
import { lookAt } from "./support/screenshots";

/*
 * Applications on the board (issue 27), as new people do it on the running board: an employer
 * posts a listing that takes applications here, with a screening question; the moderator
 * approves it; two new candidates apply from the job page (signing in with the popup), with a PDF
 * CV; the employer reads one's CV and moves them to Interview, and turns the other down with a
 * message. Each candidate's /applied-jobs says where they stand, and the mails reach the SMTP
 * server: each receipt, the employer's new-applicant mails, and both outcomes.
 */

/** The subjects of the mail `account` has received so far. */
const subjectsFor = (account: GoogleAccount) => mailTo(account.email).map((mail) => mail.subject);

/** A browser of its own for one more person. */
async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await prepareContext(context);
  return context.newPage();
}

/** On the job's page: Apply signs the candidate in with the popup and opens the form. */
async function startApplying(page: Page, jobUrl: string, candidate: GoogleAccount, title: string) {
  await page.goto(jobUrl);
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Apply now" }).click();
  await chooseEmulatorAccount(await popup, candidate);
  const dialog = page.getByRole("dialog", { name: `Apply for ${title}` });
  await expect(dialog.getByLabel("Email")).toHaveValue(candidate.email);
  await expect(dialog.getByLabel("Your name")).toHaveValue(candidate.name);
  return dialog;
}

const addCv = async (dialog: ReturnType<Page["getByRole"]>, name: string) =>
  dialog.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: "application/pdf",
    buffer: await onePagePdf(`${name}: curriculum vitae.`),
  });

test("an employer posts a listing that takes applications on the board; candidates apply and hear back", async ({
  page,
  browser,
}) => {
  // Four people, each in a browser of their own, and mail both ways: a long story.
  test.setTimeout(300_000);
  const suffix = randomUUID().slice(0, 6);
  const title = `Video Editor ${suffix}`;
  const company = `Reel Studio ${suffix}`;
  const employer = newGoogleAccount("board-employer");
  const ada = newGoogleAccount("ada");
  const ben = newGoogleAccount("ben");

  // The employer posts it: applications on the board are the default; one question is asked.
  await page.goto(routes.submitWithPlan("standard"));
  await page.getByLabel("Company name", { exact: true }).fill(company);
  await page.getByLabel("Website", { exact: true }).fill("https://reel.example");
  await page.getByLabel("Job title", { exact: true }).fill(title);
  await page.getByLabel("Department", { exact: true }).selectOption("creator-partnerships");
  await page.getByLabel("Region", { exact: true }).selectOption("united-kingdom");
  await page.getByLabel("Type", { exact: true }).selectOption("full-time");
  await page.getByLabel("Location", { exact: true }).fill("London, UK");
  await page.getByRole("textbox", { name: "Description" }).fill(DESCRIPTION);
  await expect(page.getByRole("radio", { name: /On the board/ })).toBeChecked();
  await page.getByRole("button", { name: "Add a question" }).click();
  await page.getByRole("textbox", { name: "Question 1" }).fill("Can you work UK hours?");
  // The last day to apply, ten days ahead (issue 42: shown where candidates and moderators look).
  const closeDay = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const closes = formatDate(`${closeDay}T23:59:59.999Z`);
  await page.getByLabel("Applications close on").fill(closeDay);
  expect(await seriousViolations(page)).toEqual([]);
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await chooseEmulatorAccount(await popup, employer);
  await expect(page.getByRole("status").filter({ hasText: "Your listing is in" })).toBeVisible();

  // The moderator approves it.
  const moderator = await newPerson(browser);
  await moderator.goto(`${routes.signIn}?next=${encodeURIComponent(routes.review)}`);
  await signInWithGoogle(moderator, E2E_MODERATOR);
  // The card says how candidates will apply, what they are asked and until when.
  const card = moderator.getByRole("listitem").filter({ hasText: title });
  await expect(card).toContainText("Apply:on the board, 1 question");
  await expect(card).toContainText(`Applications close:${closes}`);
  await expect(
    card.getByRole("listitem").filter({ hasText: "Can you work UK hours?" }),
  ).toContainText("(yes or no, required)");
  await card.getByRole("button", { name: `Approve and publish ${title}` }).click();
  await expect(moderator.getByText(`Published: ${title}`)).toBeVisible();
  await moderator.context().close();

  // Its page, from the employer's listings.
  await page.goto(routes.listings);
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText("Live");
  await expect(row.getByRole("link", { name: `Applicants for ${title} (0)` })).toBeVisible();
  await row.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const jobUrl = page.url();
  // The closing day beside the apply button; the board tracks applications itself, so there is
  // no "I applied" of the candidate's own to press (it listed the job twice, issue 42).
  await expect(page.locator('dt:text-is("Applications close") + dd')).toHaveText(closes);
  await expect(page.getByRole("button", { name: "I applied: track it" })).toHaveCount(0);

  // Ada applies: the dialog says until when; sent empty, it asks for the CV and the required
  // answer at once, by their fields, and the focus goes to the first of them.
  const adaPage = await newPerson(browser);
  const dialog = await startApplying(adaPage, jobUrl, ada, title);
  await expect(dialog).toContainText(`Applications close on ${closes}.`);
  await dialog.getByRole("button", { name: "Send application" }).click();
  await expect(dialog.getByText("Add your CV (a PDF of up to 5 MB)")).toBeVisible();
  await expect(dialog.getByText("Answer this question")).toBeVisible();
  await expect(dialog.getByLabel("CV (PDF, up to 5 MB)")).toBeFocused();
  expect(await seriousViolations(adaPage)).toEqual([]);
  // On a phone too: every field reachable, nothing unlabelled.
  await adaPage.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(adaPage)).toEqual([]);
  await lookAt(adaPage, "apply-form-390", "viewport");
  await adaPage.setViewportSize({ width: 1280, height: 900 });
  await lookAt(adaPage, "apply-form-1280", "viewport");
  await addCv(dialog, "ada-cv.pdf");
  await dialog.getByRole("radio", { name: "Yes" }).click();
  await dialog.getByLabel("Cover note").fill("I cut 300 videos last year.");
  await dialog.getByRole("button", { name: "Send application" }).click();
  await expect(dialog.getByText("Your application was sent.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  // The page now says she applied, and where it stands, in the button's place.
  await expect(adaPage.getByRole("link", { name: /Applied: New/ })).toBeVisible();
  await expect(adaPage.getByRole("button", { name: "I applied: track it" })).toHaveCount(0);

  // Ben applies too.
  const benPage = await newPerson(browser);
  const benDialog = await startApplying(benPage, jobUrl, ben, title);
  await addCv(benDialog, "ben-cv.pdf");
  await benDialog.getByRole("radio", { name: "No" }).click();
  await benDialog.getByRole("button", { name: "Send application" }).click();
  await expect(benDialog.getByText("Your application was sent.")).toBeVisible();

  // The employer opens the pipeline from their listings: two new applicants.
  await page.goto(routes.listings);
  await row.getByRole("link", { name: `Applicants for ${title} (2, 2 new)` }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: `Applicants for “${title}”` }),
  ).toBeVisible();
  const panel = page.getByRole("tabpanel");
  await panel.getByRole("button", { name: new RegExp(ada.name) }).click();
  const detail = page.getByRole("article", { name: ada.name });
  await expect(detail.getByText("Can you work UK hours?")).toBeVisible();
  await expect(detail).toContainText("I cut 300 videos last year.");
  // Her CV, drawn in the sandboxed CV frame (issue 40).
  const cv = detail.locator(`iframe[title="CV of ${ada.name}"]`);
  await expect(cv).toHaveAttribute("sandbox", "allow-scripts");
  await expect(cv.contentFrame().locator("canvas")).toHaveCount(1);
  await detail.getByRole("combobox", { name: "Move to" }).selectOption("interview");
  await detail
    .getByRole("textbox", { name: "Message for the candidate (optional)" })
    .fill("Could you talk on Tuesday at 10:00?");
  await detail.getByRole("button", { name: "Save stage" }).click();
  await expect(
    detail.getByRole("status").filter({ hasText: "Moved to “Interview”" }),
  ).toBeVisible();

  await page.getByRole("checkbox", { name: `Select ${ben.name}` }).check();
  await page.getByRole("button", { name: /^Not selected \(1\)/ }).click();
  const reject = page.getByRole("dialog", { name: "Mark 1 candidate not selected?" });
  await reject
    .getByRole("textbox", { name: "Message for the candidates (optional)" })
    .fill("Thank you for applying; we went with someone closer to London.");
  await reject.getByRole("button", { name: "Not selected, mail 1 candidate" }).click();
  await expect(page.getByText("1 applicant not selected")).toBeVisible();

  // Each candidate sees where they stand.
  await adaPage.goto(routes.appliedJobs);
  await expect(adaPage.getByRole("listitem").filter({ hasText: title })).toContainText("Interview");
  await benPage.goto(routes.appliedJobs);
  const benRow = benPage.getByRole("listitem").filter({ hasText: title });
  await expect(benRow).toContainText("Not selected");
  await expect(benRow).toContainText("someone closer to London");
  expect(await seriousViolations(benPage)).toEqual([]);

  // And the mail reached the SMTP server, from the queue.
  await expect
    .poll(() => subjectsFor(ada).sort(), { timeout: 60_000 })
    .toEqual([`Application sent: ${title} at ${company}`, `Interview: ${title} at ${company}`]);
  await expect
    .poll(() => subjectsFor(ben).sort(), { timeout: 60_000 })
    .toEqual([`Application sent: ${title} at ${company}`, `Update: ${title} at ${company}`]);
  const update = mailTo(ben.email).find((mail) => mail.subject.startsWith("Update"))!;
  expect(update.text).toContain("someone closer to London");
  await expect
    .poll(() => subjectsFor(employer).filter((subject) => subject.startsWith("New applicant")))
    .toHaveLength(2);

  // Ada answers the interview mail by replying to it, from her mail program (issue 42): the
  // answer goes to the board's reply inbox, never to the employer's address, and joins the
  // conversation; the employer is told, and reads it in the panel.
  const invite = mailTo(ada.email).find((mail) => mail.subject.startsWith("Interview"))!;
  expect(invite.replyTo).toMatch(/^reply\+\d+-c-[0-9a-f]{24}@reply\.e2e\.example$/);
  expect(invite.text).toContain("Could you talk on Tuesday at 10:00?");
  expect(invite.text).not.toContain(employer.email);
  // Only with the word of the relay in front of the inbox that DMARC passed for her domain (issue
  // 60): without it, the inbox bounces her answer as it would a forgery, saying where to write.
  const inbound = createTransport({ host: "127.0.0.1", port: E2E_INBOUND_PORT, ignoreTLS: true });
  const answer = {
    from: ada.email,
    to: invite.replyTo,
    subject: `Re: ${invite.subject}`,
    text: `Tuesday at 10:00 suits me.\n\nOn Sat, Creator Jobs wrote:\n> ${invite.text.split("\n").join("\n> ")}`,
  };
  await expect(inbound.sendMail(answer)).rejects.toMatchObject({
    responseCode: 550,
    response: expect.stringContaining(`could not confirm this came from ${ada.email}`),
  });
  await inbound.sendMail({ ...answer, headers: relayVerdict(ada.email) });
  await expect
    .poll(() => subjectsFor(employer), { timeout: 60_000 })
    .toContain(`Message from ${ada.name}: ${title}`);
  const told = mailTo(employer.email).find((mail) => mail.subject.startsWith("Message from"))!;
  expect(told.text).not.toContain(ada.email);
  // The mail's link opens her in the panel, where the employer answers on the board.
  const link = /\/listings\/\d+\/applicants\?applicant=\d+/.exec(told.text)![0];
  await page.goto(link);
  const thread = page.getByRole("article", { name: ada.name });
  await expect(thread.getByRole("list", { name: `Messages with ${ada.name}` })).toContainText(
    "Tuesday at 10:00 suits me.",
  );
  await thread
    .getByRole("textbox", { name: `Your message to ${ada.name}` })
    .fill("Great, the call link follows.");
  await thread.getByRole("button", { name: "Send message" }).click();
  await expect(thread.getByRole("status").filter({ hasText: "Sent" })).toBeVisible();
  // Ada reads it on /applied-jobs, and writes back there.
  await expect
    .poll(() => subjectsFor(ada), { timeout: 60_000 })
    .toContain(`Message from ${company}: ${title}`);
  await adaPage.goto(routes.appliedJobs);
  const adaRow = adaPage.locator("li[id^=application-]").filter({ hasText: title });
  await expect(adaRow.getByRole("list", { name: `Messages with ${company}` })).toContainText(
    "Great, the call link follows.",
  );
  await adaRow.getByRole("textbox", { name: `Your message to ${company}` }).fill("Thank you!");
  await adaRow.getByRole("button", { name: "Send message" }).click();
  await expect(adaRow.getByRole("list", { name: `Messages with ${company}` })).toContainText(
    "Thank you!",
  );
  expect(await seriousViolations(adaPage)).toEqual([]);
  await lookAt(adaPage, "applied-jobs-conversation-1280", "viewport");
  await expect
    .poll(() => subjectsFor(employer).filter((subject) => subject.startsWith("Message from")))
    .toHaveLength(2);
  await adaPage.context().close();
  await benPage.context().close();
});
