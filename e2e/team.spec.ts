import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { routes } from "@/lib/routes";
import { onePagePdf } from "@/tests/fixtures/pdf";
import {
  chooseEmulatorAccount,
  newGoogleAccount,
  openGooglePopup,
  signInWithGoogle,
  type GoogleAccount,
} from "./support/auth";
import { seriousViolations } from "./support/axe";
import { expect, prepareContext, test } from "./support/fixtures";
import { approve, DESCRIPTION, postListing } from "./support/listings";
import { mailTo } from "./support/mail";
import { lookAt, lookAtBothWidths } from "./support/screenshots";

/*
 * Employer teams (issue 44), as people do it on the running board: an owner posts a listing that
 * takes applications on the board (their company is made with it) and a candidate applies; the
 * owner invites a recruiter and an admin; each invitation arrives by mail through SMTP, and its
 * /join link is opened by a new person who signs in with the emulator's Google account and
 * accepts. The recruiter posts a listing and moves the applicant; the owner reads both on the
 * activity page, changes the recruiter's role and removes them, whose next click is refused; and
 * hands the company over to the admin. The invitation's token goes nowhere but the two POST
 * bodies that carry it.
 */

/** A browser of its own for one more person. */
async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await prepareContext(context);
  return context.newPage();
}

/**
 * Posts a standard (free) listing through /submit that takes applications on the board (the
 * form's default), for the signed-in employer; answers its id.
 */
async function postBoardListing(page: Page, company: string, title: string): Promise<number> {
  await page.goto(routes.submitWithPlan("standard"));
  await page.getByLabel("Company name", { exact: true }).fill(company);
  await page.getByLabel("Website", { exact: true }).fill("https://team.example");
  await page.getByLabel("Job title", { exact: true }).fill(title);
  await page.getByLabel("Department", { exact: true }).selectOption("creator-partnerships");
  await page.getByLabel("Region", { exact: true }).selectOption("remote");
  await page.getByLabel("Type", { exact: true }).selectOption("full-time");
  await page.getByLabel("Location", { exact: true }).fill("Remote (Europe)");
  await page.getByRole("textbox", { name: "Description" }).fill(DESCRIPTION);
  await expect(page.getByRole("radio", { name: /On the board/ })).toBeChecked();
  await page.getByRole("button", { name: "Submit for review" }).click();
  const confirmation = page.getByRole("status").filter({ hasText: "Your listing is in" });
  const text = await confirmation.textContent({ timeout: 15_000 });
  return Number(/#(\d+)/.exec(text ?? "")![1]);
}

/** The candidate applies on the job's page, signing in with the popup, with a PDF CV. */
async function applyOnBoard(browser: Browser, candidate: GoogleAccount, jobId: number) {
  const page = await newPerson(browser);
  await page.goto(routes.job(String(jobId)));
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Apply now" }).click();
  await chooseEmulatorAccount(await popup, candidate);
  const dialog = page.getByRole("dialog", { name: /^Apply for / });
  await expect(dialog.getByLabel("Email")).toHaveValue(candidate.email);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "cv.pdf",
    mimeType: "application/pdf",
    buffer: await onePagePdf(`${candidate.name}: curriculum vitae.`),
  });
  await dialog.getByRole("button", { name: "Send application" }).click();
  await expect(dialog.getByText("Your application was sent.")).toBeVisible();
  await page.context().close();
}

/** The /join link of the newest invitation mailed to `account`, once the queue has sent it. */
async function invitationLink(account: GoogleAccount, company: string): Promise<string> {
  await expect
    .poll(() => mailTo(account.email).filter((mail) => /\/join#[\w-]{43}/.test(mail.text)), {
      timeout: 60_000,
    })
    .not.toEqual([]);
  const mail = mailTo(account.email).findLast((sent) => /\/join#[\w-]{43}/.test(sent.text))!;
  expect(mail.text).toContain(company);
  return /\/join#[\w-]{43}/.exec(mail.text)![0];
}

/**
 * Watches every request of a person's browser (their pages, the sign-in popup, its frames) for
 * the invitation's token: where it travels in a body, and anywhere it must not be (an address,
 * a header such as Referer).
 */
function watchToken(context: BrowserContext, token: string) {
  const sentIn: string[] = [];
  const leaks: string[] = [];
  context.on("request", (request) => {
    // What goes on the wire: a fragment never does.
    const address = request.url().split("#")[0]!;
    const headers = Object.values(request.headers());
    if (address.includes(token) || headers.some((value) => value.includes(token))) {
      leaks.push(address);
    }
    if (request.postData()?.includes(token)) sentIn.push(new URL(address).pathname);
  });
  return { sentIn, leaks };
}

/**
 * A new person opens the invitation's link signed out, reads what it is, signs in with Google
 * on the page, sees the offer and accepts: they land on the team page. Answers their page.
 */
async function join(
  browser: Browser,
  account: GoogleAccount,
  link: string,
  expected: { company: string; role: string; invitedBy: string },
  screenshot?: string,
): Promise<Page> {
  const page = await newPerson(browser);
  const token = link.split("#")[1]!;
  const watched = watchToken(page.context(), token);
  await page.goto(link);
  // The token left the address at once, before anything could read it to send it on.
  await expect(page).toHaveURL(/\/join$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const card = page.getByRole("main");
  await expect(card).toContainText("Someone invited you to their company’s team");

  const popup = await openGooglePopup(page);
  expect(popup.url()).not.toContain(token);
  const closed = popup.waitForEvent("close");
  await chooseEmulatorAccount(popup, account);
  await closed;

  await expect(card.getByText(`Join ${expected.company} as ${expected.role}`)).toBeVisible();
  await expect(card).toContainText(expected.invitedBy);
  await expect(card).toContainText(account.email);
  expect(await seriousViolations(page)).toEqual([]);
  if (screenshot) await lookAt(page, screenshot, "viewport");
  await card.getByRole("button", { name: `Accept and join ${expected.company}` }).click();
  await expect(page).toHaveURL(routes.team);
  await expect(page.getByRole("heading", { level: 1, name: "Your team" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`Your role: ${expected.role}`);

  expect(watched.leaks, "the token in no address and no header").toEqual([]);
  expect([...new Set(watched.sentIn)].sort()).toEqual([
    "/api/invitations/accept",
    "/api/invitations/preview",
  ]);
  return page;
}

test("an owner builds a team by mail; a recruiter joins, posts and moves an applicant; the owner reads it, removes them and hands the company over", async ({
  page,
  browser,
}) => {
  // Five people, each in a browser of their own, and mail through the queue: a long story.
  test.setTimeout(360_000);
  const suffix = randomUUID().slice(0, 6);
  const company = `Team Studio ${suffix}`;
  const title = `Community Lead ${suffix}`;
  const recruiterTitle = `Video Editor ${suffix}`;
  const owner = newGoogleAccount("team-owner");
  const recruiter = newGoogleAccount("team-recruiter");
  const admin = newGoogleAccount("team-admin");
  const candidate = newGoogleAccount("team-candidate");

  // The owner's first listing makes the company; a candidate applies to it once it is live.
  await signInWithGoogle(page, owner);
  const listingId = await postBoardListing(page, company, title);
  await approve(browser, title);
  await applyOnBoard(browser, candidate, listingId);

  // From the listings to the team: the owner alone, and the invitation form.
  await page.goto(routes.listings);
  await page.getByRole("main").getByRole("link", { name: "Team", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your team" })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText(company);
  await expect(main).toContainText("Your role: Owner");
  const members = page.getByRole("list", { name: "Members" });
  await expect(members.getByRole("listitem")).toHaveCount(1);
  await expect(members).toContainText(`${owner.name} (you)`);
  await expect(main).toContainText("invitations left for today");

  // A bad address is refused by its field; then the recruiter and the admin are invited.
  const invite = page.getByRole("form", { name: "Invite someone" });
  const email = invite.getByLabel("Email address");
  await email.fill("not an address");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(email).toHaveAccessibleDescription(/email address/i);
  await email.fill(recruiter.email);
  await invite.getByLabel("Role").selectOption("recruiter");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${recruiter.email}`)).toBeVisible();
  await expect(email).toHaveValue("");
  // The same address again: the server says why not (409), under the button.
  await email.fill(recruiter.email);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite.getByRole("alert")).not.toBeEmpty();
  await email.fill(admin.email);
  await invite.getByLabel("Role").selectOption("admin");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${admin.email}`)).toBeVisible();

  // A third one, sent again and then withdrawn.
  const spare = `spare-${suffix}@mail.example`;
  await email.fill(spare);
  await invite.getByLabel("Role").selectOption("viewer");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  const pending = page.getByRole("list", { name: "Pending invitations" });
  const spareRow = pending.getByRole("listitem").filter({ hasText: spare });
  await expect(spareRow).toContainText("Viewer");
  await expect(spareRow).toContainText("expires");
  await spareRow.getByRole("button", { name: `Resend the invitation to ${spare}` }).click();
  await expect(page.getByText(`Invitation sent again to ${spare}`)).toBeVisible();
  await spareRow.getByRole("button", { name: `Withdraw the invitation to ${spare}` }).click();
  await expect(spareRow).toHaveCount(0);
  await expect(pending.getByRole("listitem")).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await lookAt(page, "team-owner-1280");
  // On a phone: the same page, nothing wider than the screen, every control reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(invite.getByRole("button", { name: "Send invitation" })).toBeVisible();
  await expect(spareRow).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await lookAt(page, "team-owner-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Billing (issue 45): who the invoices are made out to, the VAT ID checked by its digits.
  await page.goto(routes.listings);
  await page.getByRole("main").getByRole("link", { name: "Billing", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
  const billing = page.getByRole("form", { name: "Billing details" });
  await billing.getByLabel("Legal name").fill(`${company} GmbH`);
  await billing.getByLabel("Street address").fill("Torstraße 1");
  await billing.getByLabel("City").fill("Berlin");
  await billing.getByLabel("Country").selectOption("DE");
  const vatId = billing.getByLabel("VAT ID (optional)");
  await vatId.fill("DE 136 695 977");
  await billing.getByRole("button", { name: "Save billing details" }).click();
  await expect(vatId).toHaveAccessibleDescription(/check digits/);
  await vatId.fill("DE 136 695 976");
  await billing.getByRole("button", { name: "Save billing details" }).click();
  await expect(page.getByText("Your billing details are saved")).toBeVisible();
  await page.reload();
  await expect(vatId).toHaveValue("DE136695976");
  expect(await seriousViolations(page)).toEqual([]);
  await lookAtBothWidths(page, "billing");

  // The recruiter's mail, through SMTP; they join from its link.
  const recruiterPage = await join(
    browser,
    recruiter,
    await invitationLink(recruiter, company),
    { company, role: "Recruiter", invitedBy: owner.name },
    "join-preview-1280",
  );
  // A recruiter reads the team; they change nothing in it, nor read the activity.
  const theirMembers = recruiterPage.getByRole("list", { name: "Members" });
  await expect(theirMembers).toContainText(`${recruiter.name} (you)`);
  await expect(theirMembers.getByRole("button")).toHaveCount(0);
  await expect(recruiterPage.getByRole("form", { name: "Invite someone" })).toHaveCount(0);
  await recruiterPage.goto(routes.companyActivity);
  await expect(
    recruiterPage.getByRole("heading", { name: "Only the owner and admins see the activity" }),
  ).toBeVisible();
  await recruiterPage.goto(routes.billing);
  await expect(
    recruiterPage.getByRole("heading", { name: "Only the owner and admins see billing" }),
  ).toBeVisible();

  // The owner writes to the candidate (issue 61): theirs is "You" to them alone.
  await page.goto(routes.listingApplicants(listingId));
  await page
    .getByRole("tabpanel")
    .getByRole("button", { name: new RegExp(candidate.name) })
    .click();
  const ownerDetail = page.getByRole("article", { name: candidate.name });
  await ownerDetail.getByLabel(`Your message to ${candidate.name}`).fill(`A call, ${suffix}?`);
  await ownerDetail.getByRole("button", { name: "Send message" }).click();
  const ownerThread = ownerDetail.getByRole("list", { name: `Messages with ${candidate.name}` });
  await expect(ownerThread.getByRole("listitem")).toHaveCount(1);
  await expect(ownerThread.getByRole("listitem").first()).toContainText(/^You ·/);

  // They post a listing, and move the applicant to Interview: the panel says who did.
  await postListing(recruiterPage, company, recruiterTitle);
  await recruiterPage.goto(routes.listingApplicants(listingId));
  await recruiterPage
    .getByRole("tabpanel")
    .getByRole("button", { name: new RegExp(candidate.name) })
    .click();
  const detail = recruiterPage.getByRole("article", { name: candidate.name });
  // The owner's message is the owner's in the recruiter's panel, by name: not "You".
  const thread = detail.getByRole("list", { name: `Messages with ${candidate.name}` });
  await expect(thread.getByRole("listitem").first()).toContainText(`${owner.name} ·`);
  await expect(thread.getByRole("listitem").first()).not.toContainText(/^You ·/);
  await expect(thread.getByRole("listitem").first()).toContainText(`A call, ${suffix}?`);
  await detail.getByRole("combobox", { name: "Move to" }).selectOption("interview");
  await detail.getByRole("button", { name: "Save stage" }).click();
  await expect(
    detail.getByRole("status").filter({ hasText: "Moved to “Interview”" }),
  ).toBeVisible();
  await expect(detail).toContainText(`Moved to “Interview” by ${recruiter.name} on`);
  // Ready for one more move, which the removal below will refuse.
  await detail.getByRole("combobox", { name: "Move to" }).selectOption("offer");

  // The admin's mail; they join too.
  const adminPage = await join(browser, admin, await invitationLink(admin, company), {
    company,
    role: "Admin",
    invitedBy: owner.name,
  });

  // The owner reads both of the recruiter's doings on the activity page.
  await page.goto(routes.team);
  await page.getByRole("main").getByRole("link", { name: "Company activity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Company activity" })).toBeVisible();
  const activity = page.getByRole("list", { name: "Activity, newest first" });
  const byRecruiter = activity.getByRole("listitem").filter({ hasText: recruiter.name });
  await expect(byRecruiter.filter({ hasText: recruiterTitle }).first()).toBeVisible();
  await expect(byRecruiter.filter({ hasText: "Interview" }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await lookAt(page, "team-activity-1280");

  // A role from the member's select, with the mouse and then the keyboard.
  await page.goto(routes.team);
  const recruiterRow = members.getByRole("listitem").filter({ hasText: recruiter.email });
  const roleSelect = recruiterRow.getByLabel(`Role of ${recruiter.name}`, { exact: true });
  await expect(roleSelect).toHaveValue("recruiter");
  // Roles up to the reader's own, never owner (that passes by a handover).
  await expect(roleSelect.locator("option")).toHaveText(["Admin", "Recruiter", "Viewer"]);
  await roleSelect.selectOption("viewer");
  await recruiterRow.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByText(`${recruiter.name} is now a Viewer`)).toBeVisible();
  await expect(roleSelect).toHaveValue("viewer");
  await expect(recruiterRow.getByRole("button", { name: "Save role" })).toHaveCount(0);
  // As a viewer, the recruiter reads the applicant but is offered nothing to change.
  const asViewer = await recruiterPage.context().newPage();
  await asViewer.goto(routes.listingApplicants(listingId));
  await asViewer
    .getByRole("tabpanel")
    .getByRole("button", { name: new RegExp(candidate.name) })
    .click();
  const readOnly = asViewer.getByRole("article", { name: candidate.name });
  await expect(readOnly).toContainText("You read this applicant");
  await expect(readOnly.getByRole("button", { name: "Save stage" })).toHaveCount(0);
  await expect(readOnly.getByRole("form", { name: "Add a note" })).toHaveCount(0);
  await expect(asViewer.getByRole("checkbox")).toHaveCount(0);
  await asViewer.close();
  // Back to Recruiter by the keyboard alone: the select, then its button.
  await roleSelect.focus();
  await page.keyboard.press("ArrowUp");
  await expect(roleSelect).toHaveValue("recruiter");
  await page.keyboard.press("Tab");
  await expect(recruiterRow.getByRole("button", { name: "Save role" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`${recruiter.name} is now a Recruiter`)).toBeVisible();
  await expect(roleSelect).toHaveValue("recruiter");

  // Removed, after saying what cannot be undone.
  await recruiterRow.getByRole("button", { name: `Remove ${recruiter.name}` }).click();
  const removal = page.getByRole("dialog", { name: `Remove ${recruiter.name} from the team?` });
  await expect(removal).toContainText("This cannot be undone");
  expect(await seriousViolations(page)).toEqual([]);
  await lookAt(page, "team-remove-dialog", "viewport");
  await removal.getByRole("button", { name: "Remove from the team" }).click();
  await expect(page.getByText(`${recruiter.name} is no longer in the team`)).toBeVisible();
  await expect(members.getByRole("listitem")).toHaveCount(2);

  // The recruiter's next click, on the page they still have open, is refused.
  await detail.getByRole("button", { name: "Save stage" }).click();
  // Refused (404): the pipeline, read again, is no longer theirs to see, and they are told why
  // (issue 61), not that it could not be loaded.
  const removedNotice = recruiterPage.getByRole("alert").filter({
    has: recruiterPage.getByRole("heading", { name: "You are no longer in this team" }),
  });
  await expect(removedNotice.first()).toContainText(`You were removed from ${company}'s team`);
  await expect(recruiterPage.getByText("This applicant could not be loaded")).toHaveCount(0);
  await expect(removedNotice.first().getByRole("link", { name: "Your listings" })).toBeVisible();
  await expect(detail.getByRole("status").filter({ hasText: "Moved to “Offer”" })).toHaveCount(0);
  await recruiterPage.goto(routes.team);
  await expect(
    recruiterPage.getByRole("heading", { name: "You are no longer in this team" }),
  ).toContainText("You are no longer in this team");
  await expect(removedNotice.first()).toContainText(`You were removed from ${company}'s team`);
  await recruiterPage.screenshot({ path: "/work/wt/shots/team-removed-member-1280.png" });
  await recruiterPage.context().close();

  // The owner hands the company over to the admin, and becomes an admin.
  const adminRow = members.getByRole("listitem").filter({ hasText: admin.email });
  await adminRow.getByRole("button", { name: `Hand over to ${admin.name}` }).click();
  const handover = page.getByRole("dialog", { name: `Hand ${company} over to ${admin.name}?` });
  await expect(handover).toContainText("You become an admin");
  expect(await seriousViolations(page)).toEqual([]);
  await lookAt(page, "team-handover-dialog", "viewport");
  await handover.getByRole("button", { name: "Hand over the company" }).click();
  await expect(page.getByText(`${admin.name} now owns ${company}`)).toBeVisible();
  await expect(adminRow).toContainText("Owner");
  await expect(main).toContainText("Your role: Admin");
  await expect(members.getByRole("button", { name: /^Hand over/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Leave the company" })).toBeVisible();
  // The owner row is no one's to change now: not even the former owner's.
  await expect(adminRow.getByRole("button")).toHaveCount(0);

  await adminPage.reload();
  await expect(adminPage.getByRole("main")).toContainText("Your role: Owner");
  await expect(
    adminPage
      .getByRole("list", { name: "Members" })
      .getByRole("listitem")
      .filter({ hasText: owner.email }),
  ).toContainText("Admin");
  await lookAt(adminPage, "team-new-owner-1280");
  await adminPage.context().close();
});
