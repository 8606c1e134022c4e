import { SEED_OFFER } from "@/tests/support/seed-offer";
import { expect, test } from "./support/fixtures";

const LISTING_PLANS = SEED_OFFER.plans;

/*
 * Issue 42: the sample board looks like a live one. Its open listings were published within
 * their plan's days, so a search lists no years-old listing as open above today's, and the home
 * page says one total in its lead and above its list.
 */

const DAY = 86_400_000;
/** The longest a listing runs (the Featured plan's 60 days): nothing listed is older. */
const LONGEST_RUN_DAYS = Math.max(...LISTING_PLANS.map((plan) => plan.days));

const countIn = (text: string | null): number =>
  Number(/([\d,]+)/.exec(text ?? "")![1]!.replace(/,/g, ""));

test("the home page's lead and its list say the same total", async ({ page }) => {
  await page.goto("/");
  const lead = page.getByText(/^[\d,]+ open roles? at /);
  const heading = page.getByRole("heading", { name: /^[\d,]+\+? jobs?$/ });
  await expect(lead).toBeVisible();
  await expect(heading).toBeVisible();
  const open = countIn(await lead.textContent());
  expect(open).toBeGreaterThanOrEqual(1_250);
  expect(countIn(await heading.textContent())).toBe(open);
});

test("a misspelt search lists only live listings, the newest first among the same title", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Keyword" }).fill("documetary edtor");
  await page.getByRole("searchbox", { name: "Keyword" }).press("Enter");
  await expect(page).toHaveURL(/\/\?q=documetary\+edtor$/);
  await expect(page.getByText("Showing results for documentary editor")).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();

  const listed = await cards.evaluateAll((articles) =>
    articles.map((article) => ({
      title: article.querySelector("h3")!.textContent!.trim(),
      published: Date.parse(article.querySelector("time")!.getAttribute("datetime")!),
    })),
  );
  expect(listed.length).toBeGreaterThan(1);
  // Every listing shown is open (a job page with an Apply button): none older than its run.
  for (const { title, published } of listed) {
    expect(Date.now() - published, title).toBeLessThan(LONGEST_RUN_DAYS * DAY);
  }
  // Listings with the same title match as well as each other: the newer comes first.
  for (const [index, later] of listed.entries()) {
    for (const earlier of listed.slice(0, index)) {
      if (earlier.title !== later.title) continue;
      expect(earlier.published, later.title).toBeGreaterThanOrEqual(later.published);
    }
  }

  // The first result is a live listing: its page offers to apply and says when it ends.
  const first = cards.first().getByRole("heading").getByRole("link");
  const title = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(
    page.getByRole("link", { name: /Apply/ }).or(page.getByRole("button", { name: "Apply now" })),
  ).toBeVisible();
  const posting = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent())!,
  ) as { datePosted: string; validThrough: string };
  expect(Date.now() - Date.parse(posting.datePosted)).toBeLessThan(LONGEST_RUN_DAYS * DAY);
  expect(Date.parse(posting.validThrough)).toBeGreaterThan(Date.now());
});
