import { readFile } from "node:fs/promises";
import { formatCount } from "@/lib/format";
import type { QuarterReport } from "@/features/reports/types";
import { HIRING_REPORTS, latestReport, listReports, reportSlug } from "@/features/reports/reports";
import { routes } from "@/lib/routes";
import type { TalentPage } from "@/features/directory/types";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { seriousViolations } from "./support/axe";

test.describe("blog", () => {
  test("lists posts, opens one, and filters by topic", async ({ page }) => {
    await page.goto(routes.blog);
    const cards = page.locator("main article");
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    expect(await seriousViolations(page)).toEqual([]);

    const firstTitle = (await cards.first().getByRole("heading").innerText()).trim();
    await cards.first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstTitle);
    await expect(page.locator("article .prose h2").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const topic = page.getByRole("list", { name: "Topics" }).getByRole("link").first();
    const tag = new URL(
      await topic.evaluate((a) => (a as HTMLAnchorElement).href),
    ).searchParams.get("tag");
    await topic.click();
    await expect(page).toHaveURL((url) => url.searchParams.get("tag") === tag);
    await expect(page.getByRole("link", { name: firstTitle })).toBeVisible();
  });

  test("serves a post at its path and redirects its id there permanently", async ({
    page,
    request,
  }) => {
    await page.goto(routes.blog);
    const href = await page.locator("main article a").first().getAttribute("href");
    const slug = href!.split("/").pop()!;
    const feed = await (await request.get(routes.blogFeed)).text();
    expect(feed).toContain(`/posts/${slug}`);

    // Every post answers at its numeric id with a permanent redirect to its path.
    const posts = feed.match(/<item>/g)!.length;
    let redirected = 0;
    for (let id = 1; id <= posts; id += 1) {
      const answer = await request.get(routes.post(String(id)), { maxRedirects: 0 });
      expect(answer.status(), `/posts/${id}`).toBe(308);
      const target = answer.headers().location!;
      expect(target).toMatch(/^\/posts\/[a-z0-9-]+$/);
      expect((await request.get(target)).status()).toBe(200);
      redirected += 1;
    }
    expect(redirected).toBeGreaterThanOrEqual(6);
    expect((await request.get(routes.post("no-such-post"))).status()).toBe(404);
    await page.goto(routes.post(slug));
    await expect(page).toHaveURL((url) => url.pathname === `/posts/${slug}`);
  });
});

test("a report page shows the same figures as the report API", async ({ page, request }) => {
  const answer = await request.get(`/api/reports/${reportSlug(latestReport().quarter)}`);
  const report = (await answer.json()) as QuarterReport;
  expect(report.open_roles).toBeGreaterThan(0);

  await page.goto(latestReport().path);
  const figure = (label: string) =>
    page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
  await expect(figure("Open roles")).toHaveText(formatCount(report.open_roles));
  await expect(figure("Hiring companies")).toHaveText(formatCount(report.hiring_companies));
  await expect(figure("Remote roles")).toHaveText(`${Math.round(report.remote_share * 100)}%`);

  const table = page.getByRole("table").filter({ hasText: "Roles by department" });
  for (const share of report.by_department) {
    await expect(table.getByRole("row", { name: new RegExp(`^${share.label} `) })).toContainText(
      formatCount(share.count),
    );
  }
  await expect(page.getByRole("img", { name: /Roles by department/ })).toBeVisible();
  await expect(page.getByText("1,250+ open roles at 750+ companies").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("every quarter ended since the spec's seven has its report; others are not found", async ({
  page,
  request,
}) => {
  const later = listReports().slice(HIRING_REPORTS.length);
  // Q4 2025 to Q3 2026 on 2026-11-23, named by no code: on the spec's pattern, with figures.
  expect(later.length).toBeGreaterThanOrEqual(4);
  for (const report of later) {
    expect(report.path).toMatch(/^\/creator-economy-hiring-trends-report-q[1-4]-\d\d$/);
    expect((await request.get(report.path)).status(), report.path).toBe(200);
    const figures = (await (
      await request.get(`/api/reports/${reportSlug(report.quarter)}`)
    ).json()) as QuarterReport;
    expect(figures.open_roles, report.quarter).toBeGreaterThan(0);
  }
  // The quarter under way, a malformed one, and the page the rewrite reaches, asked for itself.
  const current = latestReport(new Date(Date.now() + 92 * 86_400_000));
  expect(current.quarter).not.toBe(latestReport().quarter);
  for (const path of [
    current.path,
    "/creator-economy-hiring-trends-report-q5-26",
    "/creator-economy-hiring-trends-report-q1-2026",
    `/reports/${later[0]!.path.split("-").slice(-2).join("-")}`,
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  expect((await request.get(`/api/reports/${reportSlug(current.quarter)}`)).status()).toBe(404);

  // From a spec report to a later one in the browser, and back.
  const spec = HIRING_REPORTS.at(-1)!;
  await page.goto(spec.path);
  const quarters = page.getByRole("navigation", { name: "Reports by quarter" });
  await quarters.getByRole("link", { name: later[0]!.quarter }).click();
  await expect(page).toHaveURL((url) => url.pathname === later[0]!.path);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(later[0]!.quarter);
  await page
    .getByRole("navigation", { name: "Reports by quarter" })
    .getByRole("link", { name: spec.quarter })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === spec.path);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(spec.quarter);
});

test("the talent page filters candidates, and lists someone who opted in", async ({
  page,
  request,
}) => {
  // A long story: the filter, then a new person signs in and fills in two forms.
  test.setTimeout(120_000);
  await page.goto(routes.talent);
  await page.getByLabel("Department").selectOption("talent-management");
  await page.getByRole("button", { name: "Show candidates" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("department") === "talent-management");
  const api = (await (
    await request.get("/api/talent?department=talent-management")
  ).json()) as TalentPage;
  expect(api.total).toBeGreaterThan(0);
  await expect(page.getByText(`${api.total} candidate`)).toBeVisible();
  const cards = page.locator("main article");
  await expect(cards).toHaveCount(api.profiles.length);
  for (const text of await cards.allInnerTexts()) expect(text).toContain("Talent Management");
  expect(await seriousViolations(page)).toEqual([]);

  // A real candidate makes their profile public and appears under their preferences.
  const account = newGoogleAccount("talent");
  await signInWithGoogle(page, account);
  await page.getByLabel("Headline").fill("Legal counsel for creator businesses");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile is saved.")).toBeVisible();
  // Who sees the profile is chosen in the settings, saved as it is chosen (issue 47).
  await page.goto(routes.settings);
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith("/api/current_user") && response.request().method() === "PATCH",
  );
  await page.getByRole("radio", { name: "Public" }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole("link", { name: "See the talent page" })).toBeVisible();
  await page.goto(routes.preferences);
  await page.getByRole("checkbox", { name: "Legal", exact: true }).click();
  await page.getByRole("checkbox", { name: "Africa" }).click();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByText("Your preferences are saved.")).toBeVisible();

  await page.goto(`${routes.talent}?department=legal&region=africa`);
  const card = page.locator("main article", { hasText: account.name });
  await expect(card).toContainText("Legal counsel for creator businesses");
  await expect(card).not.toContainText(account.email);
});

test("a legal document reads on the page and downloads as a PDF", async ({ page }) => {
  await page.goto(routes.legal.privacy);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/privacy\.pdf$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
});

test("an offer page shows its deal, and an unknown offer is a 404", async ({ page }) => {
  await page.goto(routes.about);
  const offer = page
    .getByRole("region", { name: "Perks from our partners" })
    .getByRole("link")
    .first();
  const title = (await offer.innerText()).trim();
  await offer.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("link", { name: /^Claim on/ })).toHaveAttribute(
    "href",
    /^https:\/\//,
  );
  expect((await page.goto(routes.offer("no-such-offer")))?.status()).toBe(404);
});
