import { randomUUID } from "node:crypto";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { moderatorPage, postListing } from "./support/listings";

/*
 * The moderator's queue, /review, after a decision (issue 42): the decided listing leaves the
 * queue, and the moderator is brought to the one that took its place, with focus on its heading,
 * rather than left scrolled to the middle of some other listing with focus lost.
 */
test("after Approve, the moderator is brought to the listing that took its place", async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = randomUUID().slice(0, 6);
  const titles = ["First", "Second", "Third"].map((word) => `Queue ${word} ${suffix}`);
  await signInWithGoogle(page, newGoogleAccount("queue"));
  for (const title of titles) await postListing(page, `Queue Studio ${suffix}`, title);

  const moderator = await moderatorPage(browser);
  const review = moderator.page;
  // The queue is shared with the run's other tests, which may post listings between ours: the
  // listing expected is read from the queue as it stands before each decision.
  const headings = review.locator(`h2[id^="review-"]`);
  const approve = async (title: string) => {
    await expect(review.getByRole("heading", { level: 2, name: title })).toBeVisible();
    const before = await headings.allInnerTexts();
    const at = before.indexOf(title);
    const expected = before[at + 1] ?? before[at - 1]!;
    const button = review.getByRole("button", { name: `Approve and publish ${title}` });
    await button.scrollIntoViewIfNeeded();
    await button.click();
    await expect(review.getByText(`Published: ${title}`)).toBeVisible();
    return expected;
  };
  const expectBroughtTo = async (title: string, decided: string) => {
    const heading = review.getByRole("heading", { level: 2, name: title });
    await expect(heading).toBeFocused();
    // What was done is said at the top of the card that took its place, in the page's flow
    // (issue 61: a toast covered the queue): nothing lies over any control in sight.
    const card = review.getByRole("listitem").filter({ has: heading });
    await expect(card.getByRole("status")).toHaveText(`Published: ${decided}`);
    const covered = await review.evaluate(() =>
      [...document.querySelectorAll("main button, main a, main summary")].flatMap((control) => {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.bottom <= 0 || box.top >= window.innerHeight) return [];
        const top = Math.max(box.top, 0);
        const bottom = Math.min(box.bottom, window.innerHeight);
        const hit = document.elementFromPoint(box.left + box.width / 2, (top + bottom) / 2);
        // The site's sticky header may lie over what is scrolled under it: that is no toast.
        return hit && !control.contains(hit) && !hit.contains(control) && !hit.closest("header")
          ? [control.textContent ?? ""]
          : [];
      }),
    );
    expect(covered).toEqual([]);
    // Its card from the top of the window (below the page's scroll padding, 5rem), not wherever
    // the old card's buttons were (or as near as the page's end lets it come).
    const top = (await card.boundingBox())!.y;
    const atEnd = await review.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );
    expect(top).toBeGreaterThanOrEqual(0);
    if (!atEnd) expect(top).toBeLessThan(100);
  };

  // The first of the three: the one after it takes its place. The third: the one after it, or,
  // last in the queue, the one before it. (Only our own listings are decided: the others are
  // other tests'.)
  await expectBroughtTo(await approve(titles[0]!), titles[0]!);
  await review.screenshot({ path: "/work/wt/shots/team-review-said-1280.png" });
  await expectBroughtTo(await approve(titles[2]!), titles[2]!);
  await moderator.close();
});
