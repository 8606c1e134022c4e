import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { routes } from "@/lib/routes";
import { pdfText } from "@/tests/support/pdf-text";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { fillListing, moderatorPage, postListing, submittedId } from "./support/listings";
import { mailTo } from "./support/mail";
import { nuCheckerErrors } from "./support/nu-checker";
import { lookAtBothWidths } from "./support/screenshots";

/*
 * Packs, credits, invoices and refunds (issue 45), as people do them on the running board
 * (without Stripe: everything is invoiced, to pay by bank transfer). An employer buys a pack of
 * 3 Sponsored listings and sees the invoice, whose PDF carries its number, and the 3 credits
 * waiting for it to be paid (issue 60: the company's credit limit is zero); a moderator records
 * it paid and sees what the company owes; the employer posts two Sponsored listings with
 * credits; the moderator refuses one, and its credit comes back; the moderator refunds the rest,
 * and the credit note appears on the employer's Billing page.
 */

/** Posts a Sponsored listing through /submit paying with a credit; answers its id. */
async function postWithCredit(page: Page, company: string, title: string, left: number) {
  await fillListing(page, company, title, "sponsored");
  const credit = page.getByRole("radio", { name: `Use a credit (${left} left)` });
  await expect(credit).toBeChecked();
  await page.getByRole("button", { name: "Submit and use a credit" }).click();
  return submittedId(page);
}

const credits = (page: Page) => page.locator("#credits");
const invoices = (page: Page) => page.getByRole("table", { name: /Your invoices/ });

test("an employer buys a pack, posts with its credits, gets one back on a refusal, and a refund's credit note", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const suffix = randomUUID().slice(0, 6);
  const company = `Ledger Studio ${suffix}`;
  const owner = newGoogleAccount("billing-owner");

  // The first listing makes the company; then the Billing page, from /pricing's packs.
  await signInWithGoogle(page, owner);
  await postListing(page, company, `Community Lead ${suffix}`);
  await page.goto(routes.pricing);
  await expect(page.getByRole("heading", { name: "Packs" })).toBeVisible();
  await page.getByRole("link", { name: /Buy.*3 Sponsored listings/ }).click();
  await expect(page).toHaveURL(`${routes.billing}#packs`);
  await expect(credits(page)).toContainText("No credits");

  // A pack of 3 Sponsored listings, on an invoice: the credits wait for it to be paid.
  await page.getByRole("button", { name: "Buy 3 Sponsored listings" }).click();
  const confirm = page.getByRole("dialog", { name: "Buy 3 Sponsored listings?" });
  await confirm.getByRole("button", { name: "Buy for $499" }).click();
  const status = page.locator("#packs").getByRole("status");
  await expect(status).toContainText(/Bought\. Invoice \d{4}-\d{6} for \$499\.00/);
  await expect(status).toContainText("You now have no credits; 3 more wait for payment.");
  const number = /(\d{4}-\d{6})/.exec((await status.textContent())!)![1]!;
  await expect(credits(page)).toContainText("No credits");
  await expect(credits(page)).toContainText(
    "3 more credits can be used once their packs are paid.",
  );
  const row = invoices(page).getByRole("row").filter({ hasText: number });
  await expect(row).toContainText("$499.00");

  // Its PDF, fetched with the employer's token, carries the number, the buyer and the total.
  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: `PDF of ${number}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const [text] = await pdfText(await readFile((await file.path())!));
  expect(text).toContain(number);
  expect(text).toContain(company);
  expect(text).toContain("$499.00");

  expect(await seriousViolations(page)).toEqual([]);
  await lookAtBothWidths(page, "billing-pack");
  expect(await nuCheckerErrors(page)).toEqual([]);

  // The moderator records the pack's invoice paid, beside what the company owes.
  const moderator = await moderatorPage(browser);
  await moderator.page.goto(routes.reviewBilling);
  const section = moderator.page.getByRole("region", { name: company, exact: true });
  await expect(section).toContainText("Owes $499.00.");
  await expect(section.getByLabel(`Credit limit of ${company} (USD)`)).toHaveValue("0");
  await section.getByRole("button", { name: `Mark paid ${number}` }).click();
  await moderator.page
    .getByRole("dialog", { name: `Mark ${number} paid?` })
    .getByRole("button", { name: "Mark paid" })
    .click();
  await expect(section.getByRole("button", { name: `Mark paid ${number}` })).toHaveCount(0);
  await page.reload();
  await expect(credits(page)).toContainText("3 Sponsored credits");

  // Two Sponsored listings, each paid with a credit.
  const kept = `Video Editor ${suffix}`;
  const refused = `Shorts Producer ${suffix}`;
  await postWithCredit(page, company, kept, 3);
  await postWithCredit(page, company, refused, 2);
  await page.goto(routes.billing);
  await expect(credits(page)).toContainText("1 Sponsored credit");

  // The moderator refuses one: its credit comes back.
  await moderator.page.goto(routes.review);
  const item = moderator.page.getByRole("listitem").filter({ hasText: refused });
  await item.getByRole("button", { name: "Reject…" }).click();
  await item.getByLabel("Why it is not approved").fill("Please say what the role pays.");
  await item.getByRole("button", { name: `Reject listing ${refused}` }).click();
  // Its card leaves the queue (the next card says "Not approved: …" of it, issue 61).
  await expect(moderator.page.getByRole("heading", { level: 2, name: refused })).toHaveCount(0);
  await page.reload();
  await expect(credits(page)).toContainText("2 Sponsored credits");

  // The moderator refunds what is left of the pack.
  await moderator.page.goto(routes.reviewBilling);
  await moderator.page.getByLabel("Show").selectOption("all");
  await section.getByRole("button", { name: `Refund ${number}` }).click();
  const refund = moderator.page.getByRole("dialog", { name: `Refund ${number}?` });
  await refund.getByLabel("Why it is refunded").fill("They hire less this quarter.");
  await refund.getByRole("button", { name: "Refund the unused listings" }).click();
  const said = moderator.page.getByText(/Credit note CN-\d{4}-\d{6} issued for/);
  await expect(said).toBeVisible();
  const note = /(CN-\d{4}-\d{6})/.exec((await said.textContent())!)![1]!;
  // Refunded once: it offers no second refund.
  await expect(section.getByRole("button", { name: `Refund ${number}` })).toHaveCount(0);
  await lookAtBothWidths(moderator.page, "billing-review");
  expect(await seriousViolations(moderator.page)).toEqual([]);
  await moderator.close();

  // The employer sees the credit note, pointing to the invoice, and no credit left.
  await page.reload();
  const noteRow = invoices(page).getByRole("row").filter({ hasText: note });
  await expect(noteRow).toContainText(number);
  await expect(noteRow).toContainText("-$332.67");
  await expect(credits(page)).toContainText("No credits");
  await lookAtBothWidths(page, "billing-refunded");
});

test("an invoice bought on transfer is mailed to the billing contact, its PDF saying where to pay and what to quote", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const suffix = randomUUID().slice(0, 6);
  // A name in other scripts than Latin's: it prints as written in the mail and the PDF.
  const company = `Żółć Studio 映像 ${suffix}`;
  const owner = newGoogleAccount("billing-mail");
  const accounts = `accounts-${suffix}@ledger.example`;

  await signInWithGoogle(page, owner);
  await postListing(page, company, `Producer ${suffix}`);
  await page.goto(routes.billing);

  // Invoices go to the accounts team's address; a mistyped one is refused beside the field.
  const form = page.getByRole("form", { name: "Invoice email" });
  const field = form.getByLabel("Send invoices to (optional)");
  await field.fill("accounts at ledger");
  await form.getByRole("button", { name: "Save invoice email" }).click();
  await expect(form.getByText("Enter an email address like accounts@company.com")).toBeVisible();
  await field.fill(accounts);
  await form.getByRole("button", { name: "Save invoice email" }).click();
  await expect(page.getByText(`Invoices now go to ${accounts}`)).toBeVisible();

  await page.getByRole("button", { name: "Buy 3 Sponsored listings" }).click();
  const confirm = page.getByRole("dialog", { name: "Buy 3 Sponsored listings?" });
  await expect(confirm).toContainText("email it to your billing contact");
  await confirm.getByRole("button", { name: "Buy for $499" }).click();
  const status = page.locator("#packs").getByRole("status");
  await expect(status).toContainText(/Bought\. Invoice \d{4}-\d{6}/);
  const number = /(\d{4}-\d{6})/.exec((await status.textContent())!)![1]!;

  // One mail, to the billing address only (not the owner), with the invoice's PDF.
  const invoiceMail = () =>
    mailTo(accounts).filter((mail) => mail.subject === `Invoice ${number} to pay: $499.00`);
  await expect.poll(() => invoiceMail().length, { timeout: 90_000 }).toBe(1);
  const [mail] = invoiceMail();
  expect(mailTo(owner.email).some((sent) => sent.subject.includes(number))).toBe(false);
  expect(mail!.text).toContain(company);
  expect(mail!.text).toContain("IBAN GB33 BUKB 2020 1555 5555 55");
  expect(mail!.text).toMatch(new RegExp(`Quote\\s+${number}\\s+as the payment reference`));
  expect(mail!.attachments).toHaveLength(1);
  const [pdf] = mail!.attachments;
  expect(pdf).toMatchObject({ filename: `invoice-${number}.pdf`, contentType: "application/pdf" });
  const [text] = await pdfText(Buffer.from(pdf!.base64, "base64"));
  for (const line of [
    company,
    "Pay by bank transfer to:",
    "EXAMPLE ONLY: not a real account",
    "IBAN GB33 BUKB 2020 1555 5555 55",
    "BIC BUKBGB22",
    `Payment reference: ${number}`,
  ]) {
    expect(text).toContain(line);
  }
  await lookAtBothWidths(page, "billing-invoice-email");
});
