import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, FrameLocator, Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { routes } from "@/lib/routes";
import { newGoogleAccount, signInWithGoogle } from "./support/auth";
import { seriousViolations } from "./support/axe";
import { approve, postListing } from "./support/listings";
import { jobAndCompanyPages } from "./support/board-pages";
import { expect, test } from "./support/fixtures";
import { nuCheckerErrors } from "./support/nu-checker";
import { lookAt, lookAtBothWidths, WIDTHS } from "./support/screenshots";

/*
 * A company's jobs on its own careers page (issue 66), as another site shows them: a page served
 * from another origin (localhost on a port of its own, where the board is 127.0.0.1) frames the
 * board's light page, with and without JavaScript, and loads the web component. Each job links
 * to its page on the board; the frame is axe- and Nu-clean at a desktop's and a phone's width.
 */

let host: Server;
let hostOrigin = "";
/** The careers page's HTML, by path; set by each test before it visits. */
const hostPages = new Map<string, string>();

test.beforeAll(async () => {
  host = createServer((req, res) => {
    const html = hostPages.get((req.url ?? "/").split("?")[0]!);
    res.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(html ?? "Not found");
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
});

/** The careers page of an employer: its own heading and words, then the board's snippet. */
const careersPage = (snippet: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Careers</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:Georgia,serif;max-width:720px;margin:24px auto;padding:0 16px;color:#222}
.creator-jobs-list{list-style:none;padding:0}.creator-jobs-job{margin:0 0 12px}
.creator-jobs-title{color:#05703a;font-weight:bold}</style></head>
<body><main><h1>Work with us</h1><p>We are hiring. Our open roles:</p>${snippet}</main></body></html>`;

/** A company of the board with live jobs, found from the board's first job. */
async function companyWithJobs(page: Page) {
  const [, companyPath] = await jobAndCompanyPages(page);
  const slug = decodeURIComponent(companyPath.replace("/companies/", "").split("?")[0]!);
  await page.goto(companyPath);
  const titles = await page.getByRole("article").getByRole("heading").allInnerTexts();
  return { slug, titles: titles.map((title) => title.trim()) };
}

/**
 * The frame's (or the component's) job links: each absolute, to a job page whose path is the
 * board's; the first one's page on this board shows that job.
 */
async function expectJobLinks(
  page: Page,
  scope: FrameLocator | Page,
  titles: string[],
  linkSelector: string,
) {
  const links = scope.locator(linkSelector);
  await expect(links.first()).toBeVisible();
  const found = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      text: anchor.textContent?.trim() ?? "",
      href: (anchor as HTMLAnchorElement).href,
      target: (anchor as HTMLAnchorElement).target,
    })),
  );
  expect(found.length).toBeGreaterThan(0);
  for (const link of found) {
    expect(titles).toContain(link.text);
    expect(link.href).toMatch(/^https?:\/\/[^/]+\/jobs\/\d+-[a-z0-9-]*$/);
  }
  // The first job's page, at that path on the board, is that job.
  const first = found[0]!;
  const board = await page.context().newPage();
  await board.goto(new URL(first.href).pathname);
  await expect(board.getByRole("heading", { level: 1 })).toHaveText(first.text);
  await board.close();
  return found;
}

test("the frame on another site's page, with JavaScript: the company's jobs, linking to the board", async ({
  page,
}) => {
  const { slug, titles } = await companyWithJobs(page);
  const frameUrl = new URL(routes.companyEmbed(slug), page.url()).href;
  hostPages.set(
    "/frame",
    careersPage(
      `<iframe src="${frameUrl}" title="Jobs" width="100%" height="480" style="border:0"></iframe>`,
    ),
  );
  const answer = page.waitForResponse((response) => response.url() === frameUrl);
  await page.goto(`${hostOrigin}/frame`);
  const headers = (await answer).headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors *");
  expect(headers["x-frame-options"]).toBeUndefined();
  expect(headers["set-cookie"]).toBeUndefined();
  expect(headers["cache-control"]).toMatch(/^public, s-maxage=\d+/);

  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1 })).toContainText("Jobs at");
  const links = await expectJobLinks(page, frame, titles, "li a");
  // They leave the frame: the candidate reads and applies on the board.
  expect(links.every((link) => link.target === "_top")).toBe(true);
  await expect(frame.getByRole("link", { name: /^Jobs by / })).toBeVisible();
  // Nothing of the board's scripts runs in it.
  expect(await page.frames()[1]!.evaluate(() => document.scripts.length)).toBe(0);

  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await lookAt(page, `embed-frame-host-${size.width}`);
  }
  await page.setViewportSize(WIDTHS[0]);

  // A company's page, on the other hand, refuses to be framed.
  hostPages.set(
    "/framed-company",
    careersPage(
      `<iframe src="${new URL(routes.company(slug), frameUrl).href}" title="Company"></iframe>`,
    ),
  );
  const refused = page.waitForResponse((response) => response.url().includes(`/companies/${slug}`));
  await page.goto(`${hostOrigin}/framed-company`);
  expect((await refused).headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.frameLocator("iframe").getByRole("heading", { level: 1 })).toHaveCount(0);
});

test("the frame with JavaScript off, on the careers page and alone", async ({ browser, page }) => {
  const { slug, titles } = await companyWithJobs(page);
  const frameUrl = new URL(routes.companyEmbed(slug), page.url()).href;
  const context = await (browser as Browser).newContext({ javaScriptEnabled: false });
  try {
    const noScript = await context.newPage();
    hostPages.set(
      "/frame-no-js",
      careersPage(
        `<iframe src="${frameUrl}?theme=dark&amp;limit=2" title="Jobs" width="100%" height="360" style="border:0"></iframe>`,
      ),
    );
    await noScript.goto(`${hostOrigin}/frame-no-js`);
    const frame = noScript.frameLocator("iframe");
    const links = await expectJobLinks(noScript, frame, titles, "li a");
    expect(links.length).toBeLessThanOrEqual(2);
    await expect(frame.locator("main.embed-dark")).toBeVisible();
    for (const size of WIDTHS) {
      await noScript.setViewportSize(size);
      await lookAt(noScript, `embed-frame-dark-no-js-${size.width}`);
    }
  } finally {
    await context.close();
  }
});

test("the frame's page is axe- and Nu-clean at both widths, light and dark", async ({
  browser,
  page: boardPage,
}) => {
  // Four checks by axe and the Nu checker (two widths, two themes), 6 to 14 s each when busy.
  test.setTimeout(180_000);
  const { slug } = await companyWithJobs(boardPage);
  // A page of its own: the fixture's navigations wait for React, which never comes here.
  const page = await (browser as Browser).newPage({ baseURL: new URL(boardPage.url()).origin });
  for (const theme of ["light", "dark"]) {
    await page.goto(`${routes.companyEmbed(slug)}?theme=${theme}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Jobs at");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      expect(await seriousViolations(page), `axe, ${theme}, at ${size.width}`).toEqual([]);
      expect(await nuCheckerErrors(page), `Nu checker, ${theme}, at ${size.width}`).toEqual([]);
    }
    await page.setViewportSize(WIDTHS[0]);
  }
  await page.close();
});

test("the web component on another site's page draws the jobs in it, styled by that page", async ({
  page,
}) => {
  const { slug, titles } = await companyWithJobs(page);
  const board = new URL(page.url()).origin;
  hostPages.set(
    "/component",
    careersPage(
      `<script src="${board}${routes.embedScript}" async></script><creator-jobs company="${slug}" limit="3"><a href="${board}${routes.company(slug)}">Our jobs</a></creator-jobs>`,
    ),
  );
  const script = page.waitForResponse((response) => response.url() === `${board}/embed.js`);
  const json = page.waitForResponse((response) =>
    response.url().includes(`/api/companies/${slug}/embed`),
  );
  await page.goto(`${hostOrigin}/component`);
  expect((await script).headers()["content-type"]).toMatch(/^text\/javascript/);
  expect((await json).headers()["access-control-allow-origin"]).toBe("*");
  await expect(page.locator('creator-jobs[data-state="ready"]')).toBeAttached();
  const links = await expectJobLinks(page, page, titles, "creator-jobs .creator-jobs-title");
  expect(links.length).toBeLessThanOrEqual(3);
  // The host's own style sheet dresses it (its green titles), the fallback link is gone.
  await expect(page.locator(".creator-jobs-title").first()).toHaveCSS("color", "rgb(5, 112, 58)");
  await expect(page.getByRole("link", { name: "Our jobs" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Jobs by / })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await lookAt(page, `embed-component-host-${size.width}`);
  }
  await page.setViewportSize(WIDTHS[0]);
});

test("the web component with JavaScript off leaves its plain link to the company", async ({
  browser,
  page,
}) => {
  const { slug } = await companyWithJobs(page);
  const board = new URL(page.url()).origin;
  const context = await (browser as Browser).newContext({ javaScriptEnabled: false });
  try {
    const noScript = await context.newPage();
    hostPages.set(
      "/component-no-js",
      careersPage(
        `<script src="${board}${routes.embedScript}" async></script><creator-jobs company="${slug}"><a href="${board}${routes.company(slug)}">Our jobs</a></creator-jobs>`,
      ),
    );
    await noScript.goto(`${hostOrigin}/component-no-js`);
    await expect(noScript.getByRole("link", { name: "Our jobs" })).toHaveAttribute(
      "href",
      `${board}${routes.company(slug)}`,
    );
  } finally {
    await context.close();
  }
});

test("an employer copies the one line onto their careers page, and their new job is on it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const company = `Loomwell ${suffix}`;
  const title = `Channel Producer ${suffix}`;
  await signInWithGoogle(page, newGoogleAccount("embed"));
  await postListing(page, company, title);
  await approve(browser, title);

  await page.goto(routes.companyEditor);
  const section = page.locator("section#embed");
  await expect(section.getByRole("heading", { level: 2 })).toHaveText(
    "Show your jobs on your site",
  );
  const frameCode = page.getByRole("textbox", { name: "Frame" });
  await expect(frameCode).toHaveValue(/^<iframe src="[^"]+\/embed\/companies\/loomwell-/);
  await expect(page.getByRole("button", { name: "Copy frame" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy web component" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Web component" })).toHaveValue(
    /<creator-jobs company="loomwell-/,
  );
  await section.scrollIntoViewIfNeeded();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page), `axe at ${size.width}`).toEqual([]);
  }
  await page.setViewportSize(WIDTHS[0]);
  await lookAtBothWidths(page, "embed-snippets", section);

  // The line as copied, on the board's public address, which here is this test server.
  const snippet = await frameCode.inputValue();
  const board = new URL(page.url()).origin;
  const site = new URL(/src="([^"]+)"/.exec(snippet)![1]!).origin;
  hostPages.set("/employer", careersPage(snippet.replaceAll(site, board)));
  await page.goto(`${hostOrigin}/employer`);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(`Jobs at ${company} (1)`);
  await expect(frame.getByRole("link", { name: title })).toHaveAttribute(
    "href",
    new RegExp(`/jobs/\\d+-channel-producer-${suffix}-at-loomwell-${suffix}$`),
  );
});
