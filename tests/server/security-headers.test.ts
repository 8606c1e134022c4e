// @vitest-environment node
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  CV_FRAME_POLICY,
  cvFrameSecurityHeaders,
  inlineScriptHashes,
  securityHeaders,
  securityOptionsFrom,
  type SecurityOptions,
} from "@/lib/server/http/security-headers";

const production: SecurityOptions = {
  dev: false,
  hsts: true,
  authEmulatorHost: "",
  authDomain: "creator-jobs.firebaseapp.com",
};
const local: SecurityOptions = {
  dev: false,
  hsts: false,
  authEmulatorHost: "127.0.0.1:9199",
  authDomain: "demo-creator-jobs.firebaseapp.com",
};

/** The CSP as a map of directive to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("contentSecurityPolicy", () => {
  it("allows no inline script but the hashed ones, and only the origins the app loads", () => {
    const csp = directives(contentSecurityPolicy(production, ["'sha256-abc='"]));
    expect(csp.get("script-src")).toEqual([
      "'self'",
      "'sha256-abc='",
      "https://apis.google.com",
      "https://www.google.com/recaptcha/",
      "https://www.gstatic.com/recaptcha/",
    ]);
    expect(csp.get("connect-src")).toEqual([
      "'self'",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
    ]);
    expect(csp.get("frame-src")).toEqual([
      "https://creator-jobs.firebaseapp.com",
      "https://www.google.com/recaptcha/",
      "https://recaptcha.google.com/recaptcha/",
      "'self'",
    ]);
    expect(csp.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
  });

  it("talks to the Auth emulator instead of Google's endpoints when one is configured", () => {
    const csp = directives(contentSecurityPolicy(local));
    expect(csp.get("connect-src")).toEqual(["'self'", "http://127.0.0.1:9199"]);
    expect(csp.get("frame-src")?.[0]).toBe("http://127.0.0.1:9199");
    expect(csp.get("frame-src")).not.toContain("https://demo-creator-jobs.firebaseapp.com");
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
  });

  it("relaxes scripts for hot reload in development only, where hashes would undo it", () => {
    const csp = directives(contentSecurityPolicy({ ...local, dev: true }, ["'sha256-abc='"]));
    expect(csp.get("script-src")).toEqual(
      expect.arrayContaining(["'unsafe-eval'", "'unsafe-inline'"]),
    );
    expect(csp.get("script-src")).not.toContain("'sha256-abc='");
    expect(csp.get("connect-src")).toEqual(expect.arrayContaining(["ws:"]));
    expect(directives(contentSecurityPolicy(local)).get("script-src")).not.toContain(
      "'unsafe-inline'",
    );
  });
});

describe("securityHeaders", () => {
  it("sends the framing, sniffing, referrer, permissions and opener policies", () => {
    expect(securityHeaders(local)).toMatchObject({
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "permissions-policy": expect.stringContaining("camera=()"),
      "cross-origin-opener-policy": "same-origin-allow-popups",
    });
  });

  it("leaves nosniff out only in development, where Next.js serves a script as JSON", () => {
    expect(securityHeaders({ ...local, dev: true })).not.toHaveProperty("x-content-type-options");
  });

  it("sends HSTS only when the site is served over HTTPS", () => {
    expect(securityHeaders(production)["strict-transport-security"]).toMatch(/^max-age=\d+/);
    expect(securityHeaders(local)).not.toHaveProperty("strict-transport-security");
  });
});

describe("the CV frame's headers", () => {
  it("sandbox it, let it load its own script and style sheet, and nothing else", () => {
    const csp = directives(CV_FRAME_POLICY);
    expect(csp.get("sandbox")).toEqual(["allow-scripts"]);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("style-src")).toEqual(["'self'"]);
    expect(csp.get("img-src")).toEqual(["data:", "blob:"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'none'"]);
    // No connect-src, font-src or frame-src of its own: default-src 'none' refuses them all.
    expect([...csp.keys()].sort()).toEqual(
      [
        "sandbox",
        "default-src",
        "script-src",
        "style-src",
        "img-src",
        "base-uri",
        "form-action",
        "frame-ancestors",
      ].sort(),
    );
  });

  it("let only the site frame it, and refuse sniffing also in development", () => {
    for (const options of [production, local, { ...local, dev: true }]) {
      const headers = cvFrameSecurityHeaders(options);
      expect(headers).toMatchObject({
        "content-security-policy": CV_FRAME_POLICY,
        "x-frame-options": "SAMEORIGIN",
        "x-content-type-options": "nosniff",
        "referrer-policy": "strict-origin-when-cross-origin",
      });
      expect(directives(headers["content-security-policy"]!).get("frame-ancestors")).toEqual([
        "'self'",
      ]);
    }
  });
});

describe("securityOptionsFrom", () => {
  const env = (siteUrl: string) => ({
    NEXT_PUBLIC_SITE_URL: siteUrl,
    NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: "",
    NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: "creator-jobs.firebaseapp.com",
  });
  it.each([
    ["https://creatorjobs.co", undefined, true],
    ["http://127.0.0.1:3000", undefined, false],
    ["https://creatorjobs.co", "false", false],
    ["http://127.0.0.1:3000", "true", true],
  ] as const)("%s with HSTS=%s: HSTS %s", (siteUrl, hsts, expected) => {
    expect(securityOptionsFrom(env(siteUrl), { dev: false, hsts }).hsts).toBe(expected);
  });
});

describe("inlineScriptHashes", () => {
  const bootstrap = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({});';

  it("hashes the inline scripts of the head that a browser would run", () => {
    const html = [
      "<!DOCTYPE html><html><head>",
      `<script>${bootstrap}</script>`,
      '<script type="module">import "/a.js";</script>',
      '<script src="/_next/static/chunks/main.js" defer=""></script>',
      '<script type="application/ld+json">{"@type":"JobPosting"}</script>',
      '<script id="__NEXT_DATA__" type="application/json">{"props":{}}</script>',
      "</head><body></body></html>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha256(bootstrap), sha256('import "/a.js";')]);
    // The page's bytes, as the server layer holds them: the same hashes.
    expect(inlineScriptHashes(Buffer.from(html))).toEqual(inlineScriptHashes(html));
  });

  it("never hashes a script in the body, where page content is", () => {
    const html = `<html><head></head><body><div><script>alert(1)</script></div></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it("hashes line breaks as the browser parses them", () => {
    expect(inlineScriptHashes("<head><script>a()\r\nb()\rc()</script></head>")).toEqual([
      sha256("a()\nb()\nc()"),
    ]);
  });
});
