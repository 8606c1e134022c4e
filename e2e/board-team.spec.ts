import { randomUUID } from "node:crypto";
import { routes } from "@/lib/routes";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { expect, prepareContext, test } from "./support/fixtures";
import { moderatorPage } from "./support/listings";
import { mailTo } from "./support/mail";
import { nuCheckerErrors } from "./support/nu-checker";
import { lookAtBothWidths } from "./support/screenshots";

/*
 * The board's team (issue 64), in a browser: an owner (named by ADMIN_EMAILS) invites someone
 * as Finance from /review/team; the invitation arrives by mail through the queue; the invitee
 * opens its /review/join link signed out, signs in and is back on it, and accepts; /review then shows them the finance pages
 * only, and a listings page says it is not for their role. The owner removes them, and their
 * next visit to /review is refused. The team screen and the join page are axe-clean at both
 * widths and pass the Nu Html Checker.
 */
test("an owner invites a finance member by mail, who joins and sees the finance pages only, until removed", async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 6);
  const invitee = newGoogleAccount(`finance-${suffix}`);

  const owner = await moderatorPage(browser);
  const team = owner.page;
  try {
    await team.goto(routes.reviewTeam);
    await team.getByRole("button", { name: "Invite someone" }).click();
    const dialog = team.getByRole("dialog", { name: "Invite someone to the board’s team" });
    // An address that is no address is refused beside its field.
    await dialog.getByLabel("Email address").fill("not-an-address");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    expect(await seriousViolations(team)).toEqual([]);
    await dialog.getByLabel("Email address").fill(invitee.email);
    await dialog.getByLabel("Role").selectOption("finance");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog).toBeHidden();
    const waiting = team.getByRole("list", { name: "Invitations waiting" });
    await expect(waiting.getByRole("listitem").filter({ hasText: invitee.email })).toBeVisible();
    expect(await seriousViolations(team)).toEqual([]);
    await lookAtBothWidths(team, "board-team");
    expect(await nuCheckerErrors(team)).toEqual([]);
    await team.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(team)).toEqual([]);
    await team.setViewportSize({ width: 1280, height: 900 });

    // The invitation's mail, sent by the queue, carries the /review/join link.
    const join = /\/review\/join#[\w-]{43}/;
    await expect
      .poll(() => mailTo(invitee.email).some((mail) => join.test(mail.text)), { timeout: 60_000 })
      .toBe(true);
    // Sent again from its row: a second mail with a new link (the first one no longer works).
    const joinMails = () => mailTo(invitee.email).filter((mail) => join.test(mail.text));
    await waiting
      .getByRole("button", { name: `Resend the invitation to ${invitee.email}` })
      .click();
    await expect.poll(() => joinMails().length, { timeout: 60_000 }).toBe(2);
    const [first, second] = joinMails().map((mail) => join.exec(mail.text)![0]);
    expect(second).not.toBe(first);
    const link = second!;

    // The invitee opens the link signed out: sent to sign in, they come back to it, the token
    // kept in the tab (not in the address), and accept.
    await prepareContext(page.context());
    await page.goto(link);
    await expect(page).toHaveURL((url) => url.pathname === routes.signIn);
    expect(page.url()).not.toContain(link.slice(link.indexOf("#") + 1));
    await signInWithGoogle(page, invitee);
    await expect(page).toHaveURL((url) => url.pathname === routes.joinBoard && url.hash === "");
    await expect(
      page.getByRole("heading", { name: "Join the board’s team as Finance" }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await nuCheckerErrors(page)).toEqual([]);
    await page.getByRole("button", { name: "Accept the invitation" }).click();
    await expect(page.getByText("You are on the board’s team as Finance")).toBeVisible();

    // /review shows the finance pages, not the listings' queue nor the team.
    await page.goto(routes.review);
    await expect(page.getByRole("link", { name: "Revenue by month" })).toBeVisible();
    await expect(page.getByRole("link", { name: "The board's team" })).toHaveCount(0);
    await page.goto(routes.reviewTeam);
    await expect(page.getByText("Not for your role")).toBeVisible();

    // The owner removes them: their next request is refused.
    await team.reload();
    const members = team.getByRole("list", { name: "Members" });
    const row = members.getByRole("listitem").filter({ hasText: invitee.email });
    await row.getByRole("button", { name: /^Remove/ }).click();
    await team.getByRole("button", { name: "Remove from the team" }).click();
    await expect(row).toHaveCount(0);
    await page.goto(routes.reviewRevenue);
    await expect(page.getByText("For moderators only")).toBeVisible();
  } finally {
    await owner.close();
  }
});
