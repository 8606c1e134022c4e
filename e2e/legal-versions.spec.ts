import { randomUUID } from "node:crypto";
import { routes } from "@/lib/routes";
import { seriousViolations } from "./support/axe";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { expectCleanAtBothWidths } from "./support/both-widths";
import { expect, test } from "./support/fixtures";
import { moderatorPage } from "./support/listings";
import { lookAtBothWidths } from "./support/screenshots";

/*
 * The legal pages with versions (issue 64), in a browser: the board's owner publishes a new
 * version of the candidates' terms from /review/legal; the page shows it at once (the page cache
 * purged) with the list of versions, the old version stays at its own address; a signed-in
 * candidate sees the banner (without the page moving), dismisses it for the session, and once
 * accepted it is gone. The run's other tests share the board, and a candidate signed in after
 * this test would be asked too: playwright.config.ts runs it after all of them (the "last"
 * project; alone: `npx playwright test e2e/legal-versions.spec.ts --no-deps`).
 */
test("an owner publishes new candidates' terms; a candidate is asked once and accepts", async ({
  browser,
  page,
}) => {
  test.slow();
  const marker = `Clause ${randomUUID().slice(0, 8)}`;
  const summary = `Added ${marker}.`;

  // Seen before the change, so that the page cache holds a copy to purge.
  await page.goto(routes.legal.tosCandidates);
  await expect(page.getByText(/^Version \d+/).first()).toBeVisible();
  const before = await page.getByRole("heading", { level: 1 }).textContent();

  const owner = await moderatorPage(browser);
  try {
    const editor = owner.page;
    await editor.goto(routes.reviewLegal);
    await editor.getByLabel("Document").selectOption("tos-candidates");
    const text = editor.getByRole("textbox", { name: "Text (Markdown)" });
    await expect(text).not.toHaveValue("");
    const publish = editor.getByRole("button", { name: /^Publish version \d+$/ });
    const next = Number((await publish.textContent())!.replace(/\D+/g, ""));

    // Without a summary: said beside the field.
    await text.fill(
      `${await text.inputValue()}\n\n## ${marker}\n\nHostile <script>window.owned=1</script> [x](javascript:alert(1))\n`,
    );
    await publish.click();
    await expect(editor.getByText("Say what changed")).toBeVisible();
    await editor.getByRole("tab", { name: "Preview" }).click();
    await expect(editor.getByRole("heading", { name: marker })).toBeVisible();
    await editor.getByRole("tab", { name: "Write" }).click();
    await expectCleanAtBothWidths(editor, "legal-editor");

    await editor.getByRole("textbox", { name: "What changed" }).fill(summary);
    await publish.click();
    await expect(editor.getByRole("status")).toContainText(`Published version ${next}`);

    // The page, purged: the new text, its version and the list of versions.
    await page.reload();
    await expect(page.getByRole("heading", { name: marker })).toBeVisible();
    await expect(page.getByText(`Version ${next} ·`).first()).toBeVisible();
    const versions = page.getByRole("region", { name: "Versions" });
    await expect(versions).toContainText(summary);
    expect(await page.evaluate(() => (window as { owned?: number }).owned)).toBeUndefined();
    await expect(page.locator("a[href^='javascript:']")).toHaveCount(0);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(before);
    await expectCleanAtBothWidths(page, "legal-page");

    // The version before, at its own address, without the new clause.
    await versions.getByRole("link", { name: `Version ${next - 1}` }).click();
    await expect(page).toHaveURL(`${routes.legal.tosCandidates}/versions/${next - 1}`);
    await expect(page.getByRole("heading", { name: marker })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Read the current version/ })).toBeVisible();
    await expectCleanAtBothWidths(page, "legal-old-version");

    // The PDF, made from the new version.
    const pdf = await page.request.get(`/api/pdfs/tos-candidates`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
  } finally {
    await owner.close();
  }

  // A candidate, signed in: asked once, with the summary; the page does not move.
  await page.goto(`${routes.signIn}?next=${encodeURIComponent(routes.legal.privacy)}`);
  await signInWithGoogle(page, newGoogleAccount("terms"));
  await expect(page).toHaveURL(routes.legal.privacy);
  // The address changes before the page is drawn, and the sign-in page's own heading may still
  // show then: the box is measured once the privacy page's heading shows.
  const heading = page.getByRole("heading", { level: 1, name: /privacy/i });
  await expect(heading).toBeVisible();
  const top = (await heading.boundingBox())!.y;
  const banner = page.getByRole("region", { name: "We have updated our terms" });
  await expect(banner).toContainText(summary);
  expect((await heading.boundingBox())!.y).toBe(top);
  expect(await seriousViolations(page)).toEqual([]);
  await lookAtBothWidths(page, "legal-terms-banner", "viewport");

  // Dismissed: gone for the session, on the next page too.
  await banner.getByRole("button", { name: "Remind me later" }).click();
  await expect(banner).toBeHidden();
  await page.goto(routes.pricing);
  await page.waitForLoadState("networkidle");
  await expect(banner).toBeHidden();

  // A new session asks again; accepted, it is gone for good.
  await page.evaluate(() => window.sessionStorage.clear());
  await page.reload();
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Accept" }).click();
  await expect(banner).toBeHidden();
  await page.evaluate(() => window.sessionStorage.clear());
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(banner).toBeHidden();
});

test("a signed-out visitor's legal page loads no banner code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto(routes.legal.privacy);
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("region", { name: "We have updated our terms" })).toHaveCount(0);
  const answers = await Promise.all(
    scripts.map(async (url) => (await page.request.get(url)).text()),
  );
  expect(answers.some((body) => body.includes("We have updated our terms"))).toBe(false);
});
