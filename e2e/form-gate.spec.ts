import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { routes } from "@/lib/routes";
import { newGoogleAccount, routeGoogleApis, signInWithGoogle } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { moderatorPage, postListing } from "./support/listings";

/*
 * Forms before the page is ready (components/ui/gated-form.tsx, lib/form-gate.ts): without
 * JavaScript a form that sends through it cannot be sent; with the page's scripts held back, a
 * press waits and is sent once they run. Either way nothing typed goes into an address, and
 * what was typed stays. Only search forms are GETs.
 */

/** Every request URL the page asks for, to check that nothing typed is in one. */
function requestLog(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    urls.push(url);
    try {
      urls.push(decodeURIComponent(url.replaceAll("+", " ")));
    } catch {
      // Not percent-encoded text: the URL as it is was kept.
    }
  });
  return urls;
}

/** Holds back the page's scripts (its HTML, styles and fonts come as usual) until released. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/**", async (route) => {
    if (route.request().resourceType() === "script") await released;
    await route.fallback();
  });
  return async () => {
    release();
    await page.waitForFunction(() =>
      [...document.querySelectorAll("form[data-form-gate]")].every((form) =>
        form.hasAttribute("data-form-ready"),
      ),
    );
  };
}

/** A context that does not wait for hydration on each navigation (the scripts may be held). */
async function plainContext(browser: Browser, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled });
  await routeGoogleApis(context);
  return context;
}

/** Every form on the page is a POST, or a search (GET). */
async function expectNoGetForms(page: Page) {
  const forms = await page.locator("form").evaluateAll((all) =>
    all.map((form) => ({
      method: (form as HTMLFormElement).method,
      search: form.getAttribute("role") === "search",
      gated: form.hasAttribute("data-form-gate"),
    })),
  );
  for (const form of forms) {
    expect(form.method === "post" || form.search, JSON.stringify(form)).toBe(true);
    if (!form.search) expect(form.gated).toBe(true);
  }
}

type PublicForm = {
  path: string;
  send: string;
  /** Fields to type into, by label, with a value no request may carry. */
  fields: [label: string, value: string][];
  /** What shows once the held press is sent: the field errors, by field label. */
  errors: [label: string, description: RegExp][];
};

const mark = randomUUID().slice(0, 8);

const PUBLIC_FORMS: PublicForm[] = [
  {
    path: routes.recruitmentServices,
    send: "Send enquiry",
    fields: [
      ["Your name", `Gate Person ${mark}`],
      ["Work email", `gate-${mark}-not-an-address`],
      ["About the role", `Soon ${mark}`],
    ],
    errors: [
      ["Work email", /work email address/],
      ["About the role", /at least 20 characters/],
    ],
  },
  {
    path: routes.submit,
    send: "Submit for review",
    fields: [
      ["Company name", `Gate Studio ${mark}`],
      ["Website", `gate-${mark}.example`],
      ["Job title", `Gate Role ${mark}`],
    ],
    errors: [
      ["Website", /https/],
      ["Department", /Choose a department/],
    ],
  },
];

/** The field by its label: exact, as the forms have labels that contain others. */
const field = (page: Page, label: string): Locator =>
  label === "About the role" || label === "Description"
    ? page.getByRole("textbox", { name: label })
    : page.getByLabel(label, { exact: true });

async function typeFields(page: Page, fields: PublicForm["fields"]) {
  for (const [label, value] of fields) await field(page, label).fill(value);
}

async function expectFieldsKept(page: Page, fields: PublicForm["fields"]) {
  for (const [label, value] of fields) await expect(field(page, label)).toHaveValue(value);
}

function expectNoFieldsIn(urls: string[], fields: PublicForm["fields"]) {
  for (const [, value] of fields) {
    expect(urls.filter((url) => url.includes(value))).toEqual([]);
  }
}

for (const form of PUBLIC_FORMS) {
  test(`${form.path} without JavaScript: a POST form that sends nothing and says why`, async ({
    browser,
  }) => {
    const context = await plainContext(browser, false);
    const page = await context.newPage();
    const urls = requestLog(page);
    await page.goto(form.path);
    const address = page.url();
    await expectNoGetForms(page);
    const send = page.getByRole("button", { name: form.send });
    await expect(send).toBeDisabled();
    await expect(send).toHaveAccessibleDescription(/needs JavaScript to send/);

    await typeFields(page, form.fields);
    await send.click({ force: true });
    await field(page, form.fields[0]![0]).press("Enter");

    expect(page.url()).toBe(address);
    await expectFieldsKept(page, form.fields);
    expectNoFieldsIn(urls, form.fields);
    await context.close();
  });

  test(`${form.path} before its scripts run: a press waits, then is sent with what was typed`, async ({
    browser,
  }) => {
    const context = await plainContext(browser);
    const page = await context.newPage();
    const urls = requestLog(page);
    const release = await holdScripts(page);
    await page.goto(form.path, { waitUntil: "domcontentloaded" });
    const address = page.url();
    await expectNoGetForms(page);

    await typeFields(page, form.fields);
    const send = page.getByRole("button", { name: form.send });
    await send.click();
    const gated = page.locator("form[data-form-gate]");
    await expect(gated).toHaveAttribute("aria-busy", "true");
    // Seen to be taken meanwhile (issue 42): the button dims.
    await expect(send).toHaveCSS("cursor", "progress");
    expect(Number(await send.evaluate((button) => getComputedStyle(button).opacity))).toBeLessThan(
      1,
    );
    expect(page.url()).toBe(address);

    await release();
    for (const [label, description] of form.errors) {
      await expect(field(page, label)).toHaveAccessibleDescription(description);
    }
    await expect(gated).not.toHaveAttribute("aria-busy");
    expect(page.url()).toBe(address);
    await expectFieldsKept(page, form.fields);
    expectNoFieldsIn(urls, form.fields);
    await context.close();
  });
}

test("signed-in forms: none before the page is ready, POSTs that keep to the page after", async ({
  page,
  browser,
}) => {
  test.slow();
  await signInWithGoogle(page, newGoogleAccount("gate"));
  const title = `Gate Listing ${mark}`;
  const listingId = await postListing(page, `Gate Company ${mark}`, title);
  const screens: { path: string; send: string; field?: string }[] = [
    { path: routes.profile, send: "Save profile", field: "Headline" },
    { path: routes.preferences, send: "Save preferences" },
    { path: routes.companyEditor, send: "Save", field: "About" },
    { path: routes.listingEdit(listingId), send: "Save changes", field: "Location" },
  ];

  for (const screen of screens) {
    // These screens are drawn in the browser for whoever signed in there: with the scripts held
    // there is no form to press yet. (Not page.goto: this page's navigations wait for React.)
    const release = await holdScripts(page);
    await page.evaluate((path) => window.location.assign(path), screen.path);
    // "commit": the signed-in area's scripts are deferred ones, so its DOMContentLoaded waits
    // for the held scripts (pages/_document.tsx).
    await page.waitForURL((url) => url.pathname === screen.path, { waitUntil: "commit" });
    await expect(page.locator("form:not([role=search])")).toHaveCount(0);
    await release();
    await page.unroute("**/_next/static/**");

    const send = page.getByRole("button", { name: screen.send, exact: true });
    // Drawn once the account and the screen's data have loaded.
    await expect(send).toBeEnabled({ timeout: 15_000 });
    await expectNoGetForms(page);
    const urls = requestLog(page);
    const typed = `Gate ${mark} ${screen.send}`;
    if (screen.field) await field(page, screen.field).fill(typed);
    await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname.startsWith("/api/") &&
          response.request().method() !== "GET",
      ),
      send.click(),
    ]);
    expectNoFieldsIn(urls, [["", typed]]);
    expect(decodeURIComponent(page.url())).not.toContain(typed);
  }

  // Without JavaScript nobody is signed in and no form is drawn: nothing can be sent as a GET.
  const noScript = await plainContext(browser, false);
  const bare = await noScript.newPage();
  for (const screen of screens) {
    await bare.goto(screen.path);
    await expectNoGetForms(bare);
  }
  await noScript.close();

  // The moderators' forms, with the listing above in their queue.
  const moderator = await moderatorPage(browser);
  const item = moderator.page.getByRole("listitem").filter({ hasText: title });
  await item.getByRole("button", { name: "Reject…" }).click();
  await expect(item.getByRole("button", { name: `Reject listing ${title}` })).toBeEnabled();
  await expectNoGetForms(moderator.page);
  await moderator.page.getByRole("tab", { name: /Live listings/ }).click();
  await moderator.page
    .getByRole("button", { name: /^Take down…/ })
    .first()
    .click();
  await expect(moderator.page.getByRole("button", { name: /^Take down listing/ })).toBeEnabled();
  await expectNoGetForms(moderator.page);
  await moderator.page.getByRole("tab", { name: /Audit log/ }).click();
  await expect(moderator.page.getByRole("search", { name: "Filter the audit log" })).toBeVisible();
  await expectNoGetForms(moderator.page);
  await moderator.close();
});
