import { randomUUID } from "node:crypto";
import { routes } from "@/lib/routes";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { expectCleanAtBothWidths } from "./support/both-widths";
import { expect, prepareContext, test } from "./support/fixtures";
import { logoPng, moderatorPage } from "./support/listings";
import { mailTo } from "./support/mail";

/*
 * The blog written in the app (issue 64), in a browser: an owner invites an editor by mail; the
 * editor joins, opens /review/posts, adds an author, writes a post with a cover and a picture in
 * its body (previewed as the blog shows it, hostile Markdown inert), and schedules it for the
 * next minutes. The job queue publishes it at its time: it appears on /blog, at its address and
 * in /blog/rss.xml; then the author gets a bio, and the post is unpublished (its address answers
 * 410) and deleted (404). The editor screen and its list are axe-clean and pass the Nu checker at 1280 and 390.
 */
test("an editor writes and schedules a post with a picture, and the blog shows it at its hour", async ({
  page,
  browser,
}) => {
  test.setTimeout(6 * 60_000);
  const suffix = randomUUID().slice(0, 6);
  const invitee = newGoogleAccount(`editor-${suffix}`);
  const title = `Hiring creators in winter ${suffix}`;
  const slug = `hiring-creators-in-winter-${suffix}`;

  // The owner invites the editor; the editor joins from the mail's link.
  const owner = await moderatorPage(browser);
  try {
    await owner.page.goto(routes.reviewTeam);
    await owner.page.getByRole("button", { name: "Invite someone" }).click();
    const dialog = owner.page.getByRole("dialog", { name: "Invite someone to the board’s team" });
    await dialog.getByLabel("Email address").fill(invitee.email);
    await dialog.getByLabel("Role").selectOption("editor");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await owner.close();
  }
  const join = /\/review\/join#[\w-]{43}/;
  await expect
    .poll(() => mailTo(invitee.email).some((mail) => join.test(mail.text)), { timeout: 60_000 })
    .toBe(true);
  const link = join.exec(mailTo(invitee.email).findLast((mail) => join.test(mail.text))!.text)![0];
  await prepareContext(page.context());
  await page.goto(link);
  // Sent to sign in first (the link comes back after it): wait for that, or the sign-in would be
  // opened without the way back.
  await expect(page).toHaveURL((url) => url.pathname === routes.signIn);
  await signInWithGoogle(page, invitee);
  await page.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(page.getByText("You are on the board’s team as Editor")).toBeVisible();

  // The editor's screen: the seeded posts, published.
  await page.goto(routes.reviewPosts);
  const posts = page.getByRole("region", { name: "Posts" });
  await expect(posts.getByRole("row").filter({ hasText: "Published" }).first()).toBeVisible();
  await expectCleanAtBothWidths(page, "posts-list");
  await page.getByRole("button", { name: "New post" }).click();

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Address").fill(slug);
  await page.getByLabel("Summary").fill("When brands hire creators through the quiet months.");
  await page.getByLabel("Tags").fill("hiring, careers");
  await page.getByLabel("Author's name").fill(`Ada ${suffix}`);
  await page.getByLabel("Author's role").fill("Guest writer");
  await page.getByRole("button", { name: "Add author" }).click();
  await expect(page.getByLabel("Author", { exact: true })).not.toHaveValue("");

  const png = await logoPng();
  await page
    .getByLabel("Cover image")
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png });
  await expect(page.locator('img[src^="/api/post-images/"]')).toBeVisible();
  await page.getByLabel("Cover description").fill("A yellow sun on violet");
  const body = page.getByLabel("Post (Markdown)");
  await body.fill(
    "## Why winter\n\nBrands plan **early**.\n\n<script>window.hacked = true</script>\n\n[a link](javascript:alert(1))",
  );
  await page
    .getByLabel("Insert a picture")
    .setInputFiles({ name: "inline.png", mimeType: "image/png", buffer: png });
  await expect(body).toHaveValue(
    /!\[Describe the picture\]\(\/api\/post-images\/[0-9a-f]{64}\.webp\)/,
  );
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Why winter" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("early");
  await expect(preview.locator("script")).toHaveCount(0);
  await expect(preview.locator('a[href^="javascript:"]')).toHaveCount(0);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved");

  await expectCleanAtBothWidths(page, "posts-editor");

  // Scheduled for the minute after next: not on the blog before, on it after, by the queue.
  const at = new Date(Date.now() + 2 * 60_000);
  at.setSeconds(0, 0);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await page.getByLabel("Publish at").fill(local);
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByRole("status")).toHaveText("Scheduled");
  const response = await page.request.get(routes.post(slug));
  expect(response.status()).toBe(404);

  await expect
    .poll(
      async () => (await page.request.get(routes.blog)).text().then((html) => html.includes(title)),
      { timeout: 4 * 60_000, intervals: [10_000] },
    )
    .toBe(true);
  await page.goto(routes.blog);
  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(routes.post(slug));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator('img[src*="post-images"]').first()).toBeVisible();
  expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
  const feed = await (await page.request.get(routes.blogFeed)).text();
  expect(feed).toContain(`/posts/${slug}`);
  expect(feed).toContain(title);

  // The editor gives the author a bio, takes the post off the blog and deletes it: its address
  // then answers "not found", and the feed forgets it.
  await page.goto(routes.reviewPosts);
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const author = page.getByRole("group", { name: `Edit the author Ada ${suffix}` });
  await author.getByLabel("Short bio").fill("Writes about creators’ seasons.");
  await author.getByRole("button", { name: "Save the author" }).click();
  await expect(author.getByText("Author saved")).toBeVisible();
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("button", { name: "Delete", exact: true })).toBeVisible();
  // Taken down, its address answers 410 Gone (search engines drop it), the page cache's copy gone.
  expect((await page.request.get(routes.post(slug))).status()).toBe(410);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: `Delete “${title}” for good?` });
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole("button", { name: "Delete the post" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("button", { name: `Edit ${title}` })).toHaveCount(0);
  expect((await page.request.get(routes.post(slug))).status()).toBe(404);
  expect(await (await page.request.get(routes.blogFeed)).text()).not.toContain(title);
});
