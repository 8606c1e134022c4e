import { createHash } from "node:crypto";
import type { APIResponse, Response } from "@playwright/test";
import { expect } from "@playwright/test";

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n")).digest("base64")}'`;

/**
 * The headers every answer carries (docs/security-and-caching.md); for an HTML document, a CSP
 * that admits each inline script of its head by its hash, and no script by `'unsafe-inline'`.
 */
export async function expectSecurityHeaders(
  response: Response | APIResponse | null,
  label: string,
): Promise<void> {
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
