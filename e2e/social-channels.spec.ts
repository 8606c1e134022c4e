import { routes } from "@/lib/routes";
import { expectCleanAtBothWidths } from "./support/both-widths";
import { expect, test } from "./support/fixtures";
import { moderatorPage } from "./support/listings";

/*
 * The board's social channels (issue 66), in a browser: the owner's /review/social lists every
 * channel with its labelled fields, refuses a webhook address that is not Discord's beside its
 * field, and is axe-clean at 1280 and 390 wide. Nothing is connected (a connected channel would
 * change /pricing's promise for the other specs): the posting itself is tested against the
 * channels' stand-ins (features/social/tests).
 */
test("the owner's social channels screen: every channel's form, a bad field refused beside it", async ({
  browser,
}) => {
  const owner = await moderatorPage(browser);
  const screen = owner.page;
  try {
    await screen.goto(routes.reviewSocial);
    for (const name of ["Discord", "Slack", "Telegram", "Bluesky", "Mastodon", "X", "LinkedIn"]) {
      await expect(screen.getByRole("form", { name: `Connect ${name}` })).toBeVisible();
    }
    await expect(screen.getByRole("heading", { name: "What went where" })).toBeVisible();
    const discord = screen.getByRole("form", { name: "Connect Discord" });
    await discord.getByLabel("Webhook URL").fill("https://evil.example/api/webhooks/1/2");
    await discord.getByRole("button", { name: "Connect Discord" }).click();
    await expect(discord.getByLabel("Webhook URL")).toHaveAttribute("aria-invalid", "true");
    await expect(discord).toContainText("Paste the webhook URL Discord gives");
    await expectCleanAtBothWidths(screen, "social-channels");
  } finally {
    await owner.close();
  }
});
