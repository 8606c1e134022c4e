import { createHash } from "node:crypto";
import type { APIResponse, Page, Response } from "@playwright/test";
import { CV_FRAME_PATH } from "@/lib/applications/cv-frame";
import { jobPath } from "@/lib/jobs/path";
import type { JobSummary } from "@/lib/jobs/types";
import { routes } from "@/lib/routes";
import { FILE_CACHE_CONTROL } from "@/lib/server/http/cache";
import { CV_FRAME_POLICY } from "@/lib/server/http/security-headers";
import { ONE_PAGE_PER_TEMPLATE, PROFILE_PAGES } from "./routes";
import { newGoogleAccount, signInWithGoogle, waitForHydration } from "./support/auth";
import { watchViolations } from "./support/csp";
import { expect, test } from "./support/fixtures";

/*
 * The security headers on every page template's document, and not one Content-Security-Policy
 * violation in Chromium: signed out, through the sign-in popup, signed in, and on /submit while
 * it is filled in; and the CV frame's own policy. See docs/security-and-caching.md.
 */

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64")}'`;

/** The headers every answer carries; for HTML, a CSP admitting each inline script of its head. */
async function expectSecurityHeaders(response: Response | APIResponse | null, label: string) {
  expect(response, label).not.toBeNull();
  const headers = response!.headers();
  const csp = headers["content-security-policy"] ?? "";
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(scriptSrc, label).toContain("'self'");
  expect(scriptSrc, label).not.toContain("'unsafe-inline'");
  expect(scriptSrc, label).not.toContain("'unsafe-eval'");
  expect(csp, label).toContain("frame-ancestors 'none'");
  // Frames: Firebase's, reCAPTCHA's and the site's own (the CV frame), never a blob: document.
  const frameSrc = /(?:^|;)\s*frame-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
  expect(frameSrc, label).toContain("'self'");
  expect(frameSrc, label).not.toContain("blob:");
  expect(csp, label).toContain("object-src 'none'");
  expect(csp, label).toContain("base-uri 'self'");
  expect(csp, label).toContain("form-action 'self'");
  expect(headers["x-frame-options"], label).toBe("DENY");
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], label).toContain("camera=()");
  expect(headers["cross-origin-opener-policy"], label).toBe("same-origin-allow-popups");
  if ((headers["content-type"] ?? "").startsWith("text/html")) {
    const html = await response!.text();
    const head = html.slice(0, html.indexOf("</head>"));
    const inline = [...head.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline.length, `${label}: Next.js's inline bootstrap`).toBeGreaterThan(0);
    for (const script of inline) expect(scriptSrc, label).toContain(sha256(script));
  }
}

/** Loads `path` and waits until React has hydrated it (a dead page would hide a blocked script). */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page.locator("body a[href]").first());
  return response;
}

async function aJobPath(page: Page): Promise<string> {
  const response = await page.request.get("/api/jobs?per_page=1");
  const { jobs } = (await response.json()) as { jobs: JobSummary[] };
  return jobPath(jobs[0]!);
}

const EXTRA_PAGES = [routes.review, routes.listings, "/posts", "/no-such-page"];

test("every page template signed out: the headers, and no CSP violation", async ({
  page,
  context,
}) => {
  // Every template (one department, region and type page), each loaded until it has hydrated.
  test.setTimeout(240_000);
  const violations = await watchViolations(context);
  const paths = [...ONE_PAGE_PER_TEMPLATE, ...PROFILE_PAGES, ...EXTRA_PAGES, await aJobPath(page)];
  for (const path of paths) {
    await expectSecurityHeaders(await visit(page, path), path);
  }
  expect(violations).toEqual([]);
});

test("signing in through the popup, then every page template signed in: no CSP violation", async ({
  page,
  context,
}) => {
  // Every template (one department, region and type page), each loaded until it has hydrated.
  test.setTimeout(240_000);
  const violations = await watchViolations(context);
  await page.goto(routes.signIn);
  await signInWithGoogle(page, newGoogleAccount("csp"));
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  expect(violations, "during sign-in").toEqual([]);

  const paths = [...PROFILE_PAGES, ...ONE_PAGE_PER_TEMPLATE, ...EXTRA_PAGES, await aJobPath(page)];
  for (const path of paths) {
    await expectSecurityHeaders(await visit(page, path), path);
  }
  await page.goto(routes.profile);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("filling in /submit, with its Markdown preview: no CSP violation", async ({
  page,
  context,
}) => {
  const violations = await watchViolations(context);
  await visit(page, routes.submitWithPlan("standard"));
  await page.getByLabel("Company name", { exact: true }).fill("Lumen Studio");
  await page.getByLabel("Website", { exact: true }).fill("https://lumenstudio.example");
  await page.getByLabel("Job title", { exact: true }).fill("Creator Partnerships Lead");
  await page.getByLabel("Department", { exact: true }).selectOption("creator-partnerships");
  await page.getByLabel("Region", { exact: true }).selectOption("remote");
  await page
    .getByRole("textbox", { name: "Description" })
    .fill("## The role\n\nYou will run partnerships with **creators**.\n\n- A roster of 30");
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByRole("tabpanel").getByRole("heading", { name: "The role" })).toBeVisible();
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Check the fields marked in red.")).toBeVisible();
  expect(violations).toEqual([]);
});

test("the policy admits reCAPTCHA's script and frame, and blocks an injected inline script", async ({
  page,
  context,
}) => {
  const violations = await watchViolations(context);
  // reCAPTCHA cannot load offline, and the tests build without a site key: stand-ins at its
  // real addresses prove the policy lets the real one in.
  await context.route("https://www.google.com/recaptcha/api.js**", (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `
        const next = document.createElement("script");
        next.src = "https://www.gstatic.com/recaptcha/releases/stand-in/recaptcha__en.js";
        document.head.appendChild(next);
        const frame = document.createElement("iframe");
        frame.src = "https://www.google.com/recaptcha/api2/anchor?k=stand-in";
        frame.onload = () => { window.__recaptchaFrame = true; };
        document.body.appendChild(frame);`,
    }),
  );
  await context.route("https://www.gstatic.com/recaptcha/**", (route) =>
    route.fulfill({ contentType: "text/javascript", body: "window.__recaptchaLoaded = true;" }),
  );
  await context.route("https://www.google.com/recaptcha/api2/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!DOCTYPE html><title>anchor</title>" }),
  );
  await visit(page, routes.submit);
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.src = "https://www.google.com/recaptcha/api.js?render=stand-in";
    document.body.appendChild(script);
  });
  await page.waitForFunction(() => "__recaptchaLoaded" in window && "__recaptchaFrame" in window);
  expect(violations).toEqual([]);

  // The watch is live: an inline script someone slipped into the page does not run.
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true;";
    document.body.appendChild(script);
  });
  await expect
    .poll(() => violations.map((violation) => violation.directive))
    .toContain("script-src-elem");
  expect(await page.evaluate(() => "__injected" in window)).toBe(false);
});

test("API answers, files and malformed URLs carry the headers too", async ({ request }) => {
  const malformed = await request.get("/api/jobs/%C0%AE");
  expect(malformed.status()).toBe(400);
  expect(malformed.headers()["content-type"]).toContain("application/json");
  expect(malformed.headers()["cache-control"]).toBe("private, no-store");
  expect(await malformed.json()).toEqual({ error: expect.any(String), code: "malformed_request" });
  await expectSecurityHeaders(malformed, "/api/jobs/%C0%AE");

  for (const path of [
    "/api/jobs?per_page=1",
    "/favicon.svg",
    "/robots.txt",
    "/departments/%C0%AE",
  ]) {
    await expectSecurityHeaders(await request.get(path), path);
  }
});

test("the CV frame's document and files: a policy of their own, and a sandbox opened directly", async ({
  page,
  context,
  request,
}) => {
  const violations = await watchViolations(context);
  const frameDocument = await request.get(CV_FRAME_PATH);
  expect(frameDocument.status()).toBe(200);
  expect(frameDocument.headers()).toMatchObject({
    "content-type": expect.stringContaining("text/html"),
    "content-security-policy": CV_FRAME_POLICY,
    "x-frame-options": "SAMEORIGIN",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cache-control": FILE_CACHE_CONTROL.document,
  });
  expect(CV_FRAME_POLICY).toMatch(/^sandbox allow-scripts; default-src 'none'; script-src 'self';/);
  expect(CV_FRAME_POLICY).toContain("frame-ancestors 'self'");

  // Its script and style sheet, named by a hash of their content, are kept for a year.
  const html = await frameDocument.text();
  const files = [...html.matchAll(/(?:src|href)="(\/cv-viewer\/[^"]+)"/g)].map((m) => m[1]!);
  expect(files).toEqual([
    expect.stringMatching(/^\/cv-viewer\/viewer\.\w+\.css$/),
    expect.stringMatching(/^\/cv-viewer\/viewer\.\w+\.js$/),
  ]);
  for (const file of files) {
    const answer = await request.get(file);
    expect(answer.status(), file).toBe(200);
    expect(answer.headers(), file).toMatchObject({
      "content-type": expect.stringMatching(file.endsWith(".js") ? /javascript/ : /text\/css/),
      "cache-control": FILE_CACHE_CONTROL.hashed,
      "x-content-type-options": "nosniff",
    });
  }
  // A name from another build is not found, and that answer is not kept for a year.
  const gone = await request.get("/cv-viewer/viewer.GONE1234.js");
  expect(gone.status()).toBe(404);
  expect(gone.headers()["cache-control"]).not.toContain("immutable");

  // Opened directly rather than framed, it is still a sandbox: no origin, no cookies.
  await page.goto(CV_FRAME_PATH);
  await expect(page.getByRole("status")).toHaveText(/shows a CV inside an applicant's page/);
  const reach = await page.evaluate(() => {
    try {
      return `${window.origin} ${document.cookie}`;
    } catch {
      return `${window.origin} no cookies`;
    }
  });
  expect(reach).toBe("null no cookies");
  expect(violations).toEqual([]);
});
