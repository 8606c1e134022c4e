import { randomUUID } from "node:crypto";
import { routes } from "@/lib/routes";
import { expectCleanAtBothWidths } from "./support/both-widths";
import { expect, test } from "./support/fixtures";
import { moderatorPage } from "./support/listings";
import { mailTo } from "./support/mail";

/*
 * The board's settings (issue 64), in a browser: the owner (named by ADMIN_EMAILS) renames the
 * board on /review/settings, in Polish with a tag in it, gives it a tagline in Japanese and a
 * contact address; a bad link is refused beside its field. A visitor then sees them at once (the
 * change purged the page cache) in the header, the footer, the page's title and og:site_name;
 * an invitation's mail carries the new name. The screen is axe-clean at both widths and passes
 * the Nu Html Checker at 1280 and 390 wide, refusing and saved. The settings are put back to their defaults at the end, for the other
 * specs (every field blank).
 */
test("the owner renames the board and every page, and the mail, say so at once", async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 6);
  const name = `Praca dla twórców <b>${suffix}</b>`;
  const owner = await moderatorPage(browser);
  const screen = owner.page;
  try {
    await screen.goto(routes.reviewSettings);
    const form = screen.getByRole("form", { name: "The board's settings" });
    await expect(form.getByLabel("Board name")).toHaveAttribute("placeholder", "Creator Jobs");
    await form.getByLabel("Board name").fill(name);
    await form.getByLabel("Tagline").fill("クリエイター経済の求人");
    await form.getByLabel("Contact address").fill(`hej-${suffix}@tablica.example`);
    await form.getByLabel("Newsletter link").fill("javascript:alert(1)");
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(form.getByLabel("Newsletter link")).toHaveAttribute("aria-invalid", "true");
    await expectCleanAtBothWidths(screen, "board-settings-refused");
    await form.getByLabel("Newsletter link").fill("");
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(screen.getByText(/^Last changed/)).toBeVisible();
    await expectCleanAtBothWidths(screen, "board-settings");

    // A visitor: the header, footer, title and og:site_name print the new words, the tag as text.
    for (const path of [routes.home, routes.about, routes.pricing]) {
      await page.goto(path);
      await expect(page.getByRole("banner").getByRole("link", { name })).toBeVisible();
      const footer = page.getByRole("contentinfo");
      await expect(footer).toContainText("クリエイター経済の求人. Hand-picked");
      await expect(footer).toContainText(`${name}. All rights reserved.`);
      await expect(footer.getByRole("link", { name: /Support: hej-/ })).toHaveAttribute(
        "href",
        `mailto:hej-${suffix}@tablica.example`,
      );
      await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", name);
      await expect(page.locator("b", { hasText: suffix })).toHaveCount(0);
      await expect(page).toHaveTitle(new RegExp(suffix));
    }

    // A mail sent now carries the new name.
    const invitee = `settings-${suffix}@board.example`;
    await screen.goto(routes.reviewTeam);
    await screen.getByRole("button", { name: "Invite someone" }).click();
    const dialog = screen.getByRole("dialog", { name: "Invite someone to the board’s team" });
    await dialog.getByLabel("Email address").fill(invitee);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect
      .poll(() => mailTo(invitee).some((mail) => mail.text.includes(name)), { timeout: 60_000 })
      .toBe(true);
  } finally {
    // Back to the defaults, for the other specs.
    await screen.goto(routes.reviewSettings);
    const form = screen.getByRole("form", { name: "The board's settings" });
    for (const label of ["Board name", "Tagline", "Contact address"]) {
      await form.getByLabel(label).fill("");
    }
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(screen.getByText(/^Last changed/)).toBeVisible();
    await owner.close();
  }
});
