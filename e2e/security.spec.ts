import type { Page } from "@playwright/test";
import { CV_FRAME_PATH } from "@/features/applications/cv-frame";
import { routes } from "@/lib/routes";
import { FILE_CACHE_CONTROL } from "@/lib/server/http/cache";
import { CV_FRAME_POLICY } from "@/lib/server/http/security-headers";
import { waitForHydration } from "./support/auth";
import { watchViolations } from "./support/csp";
import { expect, test } from "./support/fixtures";
import { expectSecurityHeaders } from "./support/security-headers";

/*
 * The security headers, and not one Content-Security-Policy violation in Chromium, where the walk
 * through every page template (e2e/templates.spec.ts, which checks both on every page, signed out,
 * through the sign-in popup and signed in) does not go: /submit while it is filled in, reCAPTCHA,
 * API answers and files, and the CV frame's own policy. See docs/security-and-caching.md.
 */

/** Loads `path` and waits until React has hydrated it (a dead page would hide a blocked script). */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page.locator("body a[href]").first());
  return response;
}

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
