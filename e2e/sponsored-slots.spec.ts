import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/*
 * Issue 61: page one of a list was twenty Sponsored jobs out of twenty, and the newest started
 * on page two. Now at most five sponsored slots head page one of every list (the board, its
 * filters, keyword search, company pages), and the rest is the freshest jobs.
 */

test.use({ viewport: { width: 1280, height: 900 } });

type Card = {
  href: string;
  title: string;
  sponsored: boolean;
  published: number;
  company: string;
  companyName: string;
};

/** The job cards of the page at `path`, in order. */
async function cardsOf(page: Page, path: string): Promise<Card[]> {
  await page.goto(path);
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  return cards.evaluateAll((articles) =>
    articles.map((article) => ({
      href: article.querySelector("h3 a")?.getAttribute("href") ?? "",
      title: article.querySelector("h3")?.textContent ?? "",
      sponsored: article.classList.contains("job-card-sponsored"),
      published: Date.parse(article.querySelector("time")?.getAttribute("datetime") ?? ""),
      company: article.querySelector(".job-card-company")?.getAttribute("href") ?? "",
      companyName: article.querySelector(".job-card-company")?.textContent ?? "",
    })),
  );
}

/**
 * How many of page one's cards jump the queue: sponsored ones shown above a job on page one or
 * two that is newer than they are. Only the slots may.
 */
function queueJumpers(first: Card[], second: Card[]): number {
  const all = [...first, ...second];
  return first.filter(
    (card, index) =>
      card.sponsored && all.slice(index + 1).some((later) => later.published > card.published),
  ).length;
}

function expectNoRepeats(first: Card[], second: Card[]) {
  const hrefs = [...first, ...second].map((card) => card.href);
  expect(new Set(hrefs).size).toBe(hrefs.length);
}

test("page one of the board and of a department holds at most five sponsored slots, then the newest", async ({
  page,
}) => {
  for (const list of ["/", "/departments/marketing"]) {
    const first = await cardsOf(page, list);
    const second = await cardsOf(page, `${list}?page=2`);
    expect(first).toHaveLength(20);
    expect(queueJumpers(first, second), list).toBeLessThanOrEqual(5);
    expect(
      first.slice(0, 5).some((card) => card.sponsored),
      list,
    ).toBe(true);
    // After the slots, newest first, and newer than anything on page two.
    const rest = first.slice(5).map((card) => card.published);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    expect(Math.min(...rest)).toBeGreaterThanOrEqual(Math.max(...second.map((c) => c.published)));
    expectNoRepeats(first, second);
    await page.screenshot({
      path: `/work/wt/shots/ranking-${list === "/" ? "home" : "department"}.png`,
    });
  }
});

test("a keyword search and a company's page open with their sponsored slots too", async ({
  page,
}) => {
  const home = await cardsOf(page, "/");
  const slotted = home.find((card) => card.sponsored)!;
  // Its company's page: its sponsored job leads, above the company's newer ones.
  const company = await cardsOf(page, slotted.company);
  expect(company[0]!.sponsored).toBe(true);
  expect(company.filter((card) => card.sponsored).length).toBeLessThanOrEqual(5);

  // A search for the last word of its title ("Editor"), which it matches.
  const word = slotted.title.trim().split(/\s+/).at(-1)!.toLowerCase();
  const first = await cardsOf(page, `/?q=${encodeURIComponent(word)}`);
  expect(first[0]!.sponsored).toBe(true);
  if (first.length === 20) {
    const second = await cardsOf(page, `/?q=${encodeURIComponent(word)}&page=2`);
    expectNoRepeats(first, second);
  }
  await page.screenshot({ path: "/work/wt/shots/ranking-search.png" });
});

test("a job page shows its company's About text once", async ({ page }) => {
  // Sample listings end with "About <company>", as many imported ones do.
  const [first] = await cardsOf(page, "/");
  await page.goto(first!.href);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const about = page.getByRole("heading", { name: `About ${first!.companyName}`, exact: true });
  await expect(about).toHaveCount(1);
  await page.screenshot({ path: "/work/wt/shots/ranking-job-about.png", fullPage: true });
});
