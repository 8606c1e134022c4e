// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { Footer } from "@/components/layout/footer";
import { Logo } from "@/components/ui/logo";
import {
  BOARD_SETTINGS_ELEMENT,
  boardSettingsOverrides,
  DEFAULT_BOARD_SETTINGS,
  setBoardSettingsOverrides,
  type BoardSettingsOverrides,
} from "@/lib/board-settings";
import { prerenderedWithBoardSettings } from "@/lib/server/board-settings-html";
import { PageCache } from "@/lib/server/http/page-cache";
import type { SecurityOptions } from "@/lib/server/http/security-headers";
import { withServerLayer } from "@/lib/server/http/server-layer";

/*
 * The pages the build prerendered (sign-in, 404, the signed-in screens' shell) carry the
 * defaults: the server layer gives them the owner's words and the settings element, so that the
 * browser, reading that element, renders exactly the HTML it was sent (issue 64).
 */

afterEach(() => setBoardSettingsOverrides(null));

/** The header and footer as the build writes them: with the defaults, by renderToString. */
const chrome = () =>
  renderToString(createElement(Fragment, null, createElement(Logo), createElement(Footer)));

const NEXT_DATA = (page: string, exported: boolean) =>
  `<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{}},"page":"${page}","query":{},"buildId":"b"${exported ? ',"nextExport":true,"autoExport":true' : ""},"isFallback":false}</script>`;

const documentOf = (body: string, { page = "/sign-in", exported = true } = {}) =>
  `<!DOCTYPE html><html lang="en"><head><title>Sign in | ${DEFAULT_BOARD_SETTINGS.name}</title><meta property="og:site_name" content="${DEFAULT_BOARD_SETTINGS.name}"/><script>var brand = "${DEFAULT_BOARD_SETTINGS.name}";</script></head><body><svg></svg><div id="__next">${body}</div>${NEXT_DATA(page, exported)}</body></html>`;

const elementJson = (html: string) => {
  const found = new RegExp(
    `<script type="application/json" id="${BOARD_SETTINGS_ELEMENT}">(.*?)</script>`,
  ).exec(html);
  return found ? (JSON.parse(found[1]!) as BoardSettingsOverrides) : null;
};

const OWNER: BoardSettingsOverrides = {
  name: "クリエイター求人 <b>&</b> 'x'",
  tagline: "وظائف في اقتصاد المبدعين",
  contactEmail: "kontakt@praca.example",
  newsletterUrl: "https://news.example/zapisz-się?a=1&b=2",
  social: { youtube: "https://youtube.example/@board" },
};

describe("a prerendered page with the owner's settings", () => {
  it("is sent byte for byte while nothing is set, and a page rendered on request is never touched", () => {
    const page = documentOf(chrome());
    expect(prerenderedWithBoardSettings(page, null)).toBeUndefined();
    const rendered = documentOf(chrome(), { page: "/jobs/[jobId]", exported: false });
    expect(prerenderedWithBoardSettings(rendered, OWNER)).toBeUndefined();
    // One _document already wrote the settings into: left as it is.
    const written = page.replace(
      '<div id="__next">',
      `<script type="application/json" id="${BOARD_SETTINGS_ELEMENT}">{}</script><div id="__next">`,
    );
    expect(prerenderedWithBoardSettings(written, OWNER)).toBeUndefined();
  });

  it("prints the owner's words, escaped, and the browser renders the same HTML from the element", () => {
    const built = documentOf(chrome());
    expect(built).toContain("Creator Jobs");
    const sent = prerenderedWithBoardSettings(built, OWNER)!;
    expect(sent).toBeDefined();
    expect(sent).toContain(
      "<title>Sign in | クリエイター求人 &lt;b&gt;&amp;&lt;/b&gt; &#x27;x&#x27;</title>",
    );
    expect(sent).toContain('content="クリエイター求人 &lt;b&gt;&amp;&lt;/b&gt; &#x27;x&#x27;"');
    expect(sent).not.toContain("<b>&</b>");
    expect(sent).toContain('href="mailto:kontakt@praca.example"');
    expect(sent).toContain("وظائف في اقتصاد المبدعين");
    // A script's text is never rewritten; the page's body no longer has the defaults.
    expect(sent).toContain('var brand = "Creator Jobs";');
    const body = sent.slice(sent.indexOf("<body>"));
    expect(body.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("Creator Jobs");
    expect(body).not.toContain(DEFAULT_BOARD_SETTINGS.contactEmail);

    // The element: the words, not the named profiles (they would add a footer entry the page has not).
    const carried = elementJson(sent);
    expect(carried).toEqual({
      name: OWNER.name,
      tagline: OWNER.tagline,
      contactEmail: OWNER.contactEmail,
      newsletterUrl: OWNER.newsletterUrl,
    });
    expect(sent).not.toContain("</b>&"); // the JSON is escaped too: no "<" in it
    // What the browser hydrates with: the element's settings, rendered as the page was.
    setBoardSettingsOverrides(carried);
    expect(boardSettingsOverrides()).toEqual(carried);
    expect(sent).toContain(`<div id="__next">${chrome()}</div>`);
  });
});

const security: SecurityOptions = {
  dev: false,
  hsts: false,
  authEmulatorHost: "127.0.0.1:9199",
  authDomain: "demo-creator-jobs.firebaseapp.com",
};

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
});

describe("the server layer", () => {
  it("makes the settings current before a page, and sends and stores the prerendered page with them", async () => {
    const built = documentOf(chrome());
    const events: string[] = [];
    const app = (req: IncomingMessage, res: ServerResponse) => {
      events.push(`render ${req.url}`);
      res.statusCode = 200;
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("etag", '"built"');
      res.setHeader("content-length", Buffer.byteLength(built));
      res.end(built);
    };
    let owner: BoardSettingsOverrides | null = null;
    const prerendered = {
      refresh: async () => {
        events.push("refresh");
        setBoardSettingsOverrides(owner);
      },
      rewrite: (html: string) => prerenderedWithBoardSettings(html, boardSettingsOverrides()),
    };
    const cache = new PageCache({ now: () => 0 });
    server = createServer(withServerLayer(app, { security, cache, prerendered }));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const plain = await fetch(`${origin}/sign-in`);
    expect(await plain.text()).toBe(built);
    expect(events).toEqual(["refresh", "render /sign-in"]);

    owner = { name: "Praca dla twórców" };
    const first = await fetch(`${origin}/sign-up`);
    const text = await first.text();
    expect(text).toContain("<title>Sign in | Praca dla twórców</title>");
    expect(elementJson(text)).toEqual({ name: "Praca dla twórców" });
    expect(first.headers.get("etag")).not.toBe('"built"');
    expect(events.slice(2)).toEqual(["refresh", "render /sign-up"]);
    // Stored as sent.
    const again = await fetch(`${origin}/sign-up`);
    expect(again.headers.get("x-page-cache")).toBe("HIT");
    expect(await again.text()).toBe(text);
    // Build files are not pages: no refresh for them.
    await fetch(`${origin}/_next/static/chunk.js`);
    expect(events.at(-1)).toBe("render /_next/static/chunk.js");
    expect(events.at(-2)).not.toBe("refresh");
  });
});
