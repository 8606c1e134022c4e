import type { Browser } from "@playwright/test";
import { routes } from "@/lib/routes";
import { expectCleanAtBothWidths } from "./support/both-widths";
import { expect, test } from "./support/fixtures";
import { mailTo } from "./support/mail";

// The newsletter (issue 66) before and without scripts: the footer leads to /newsletter, its
// plain form subscribes (an address and a department, no account), the confirmation mail's
// link asks first and confirms with one more plain form. Each screen is axe- and Nu-clean at 1280
// and 390 wide, checked in the scripted page (axe runs as a script; the HTML is the same).

test("subscribe and confirm with JavaScript off", async ({ browser, page }) => {
  // A long story: three screens each checked by axe and the Nu checker at two widths (6 to 14 s
  // a screen on a busy 2-core machine), the mail, two plain forms.
  test.setTimeout(180_000);
  // The footer's newsletter link is the board's own page, by default.
  await page.goto(routes.home);
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Subscribe to the newsletter" }),
  ).toHaveAttribute("href", routes.newsletter);

  const context = await (browser as Browser).newContext({
    javaScriptEnabled: false,
    baseURL: new URL(page.url()).origin,
  });
  try {
    const noScript = await context.newPage();
    await page.goto(routes.newsletter);
    await expect(page.getByRole("heading", { name: "The weekly newsletter" })).toBeVisible();
    await expectCleanAtBothWidths(page, "newsletter");
    await noScript.goto(routes.newsletter);

    const email = `reader-${Date.now()}@newsletter.e2e.example`;
    await noScript.getByLabel("Email address").fill(email);
    await noScript.getByRole("checkbox", { name: "Design" }).check();
    await noScript.getByRole("checkbox", { name: "Europe" }).check();
    await noScript.getByRole("button", { name: "Subscribe" }).click();
    await expect(noScript.getByRole("status")).toContainText("Check your inbox");
    await page.goto(new URL(noScript.url()).pathname + new URL(noScript.url()).search);
    await expectCleanAtBothWidths(page, "newsletter-subscribed");

    await expect.poll(() => mailTo(email).length).toBe(1);
    const [mail] = mailTo(email);
    expect(mail!.subject).toMatch(/^Confirm your subscription/);
    const confirm = /href="([^"]+\/newsletter\/confirm\?token=[^"]+)"/.exec(mail!.html)?.[1];
    expect(confirm).toBeDefined();
    const link = new URL(confirm!.replaceAll("&amp;", "&"));
    // The page only asks: opening it (twice here) confirms nothing.
    await page.goto(link.pathname + link.search);
    await expectCleanAtBothWidths(page, "newsletter-confirm");
    await noScript.goto(link.pathname + link.search);
    await expect(
      noScript.getByRole("heading", { name: "Confirm your subscription" }),
    ).toBeVisible();
    await noScript.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(noScript.getByRole("heading", { name: "You are subscribed" })).toBeVisible();
    // The same link again changes nothing and says so.
    await noScript.goto(link.pathname + link.search);
    await expect(
      noScript.getByRole("heading", { name: "You are subscribed already" }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
