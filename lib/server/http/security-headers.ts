import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { resolvePublicEnv, type PublicEnv } from "@/lib/env";

/**
 * The security headers of every answer the production server sends, and its
 * Content-Security-Policy. Why each origin is allowed: docs/security-and-caching.md.
 */

export type SecurityOptions = {
  /** `next dev`: hot reload evaluates code and injects inline scripts. */
  dev: boolean;
  /** Send Strict-Transport-Security (the site is served over HTTPS). */
  hsts: boolean;
  /** The Firebase Auth emulator's host:port, or "" for production Firebase. */
  authEmulatorHost: string;
  /** Where Firebase Auth's sign-in helper iframe lives in production (<project>.firebaseapp.com). */
  authDomain: string;
};

/** What the browser bundles were built with decides what the pages load, so the policy too. */
export function securityOptionsFrom(
  env: Pick<
    PublicEnv,
    | "NEXT_PUBLIC_SITE_URL"
    | "NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST"
    | "NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN"
  >,
  settings: { dev: boolean; hsts: "true" | "false" | undefined },
): SecurityOptions {
  return {
    dev: settings.dev,
    hsts:
      settings.hsts === undefined
        ? env.NEXT_PUBLIC_SITE_URL.startsWith("https://")
        : settings.hsts === "true",
    authEmulatorHost: env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST,
    authDomain: env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN,
  };
}

/**
 * The browser settings the production build inlined (next.config.ts `env`, kept by Next.js in
 * .next/required-server-files.json): the policy must admit what the built pages load even when
 * the server runs with other NEXT_PUBLIC_* values, or none. Falls back to the environment.
 */
export function builtPublicEnv(distDir = join(process.cwd(), ".next")): PublicEnv {
  try {
    const file = JSON.parse(readFileSync(join(distDir, "required-server-files.json"), "utf8")) as {
      config?: { env?: Record<string, string> };
    };
    if (file.config?.env) return resolvePublicEnv(file.config.env);
  } catch {
    // No production build: the environment is all there is.
  }
  return resolvePublicEnv(process.env);
}

const GOOGLE_SCRIPTS = "https://apis.google.com";
const RECAPTCHA_SCRIPTS = [
  "https://www.google.com/recaptcha/",
  "https://www.gstatic.com/recaptcha/",
];
const RECAPTCHA_FRAMES = [
  "https://www.google.com/recaptcha/",
  "https://recaptcha.google.com/recaptcha/",
];
const FIREBASE_APIS = [
  "https://identitytoolkit.googleapis.com",
  "https://securetoken.googleapis.com",
];

/**
 * The Content-Security-Policy, admitting the inline scripts whose hashes are given (see
 * inlineScriptHashes) and no others.
 */
export function contentSecurityPolicy(
  options: SecurityOptions,
  scriptHashes: readonly string[] = [],
  frameAncestors: "'none'" | "*" = "'none'",
): string {
  const emulator = options.authEmulatorHost ? `http://${options.authEmulatorHost}` : null;
  const firebaseConnect = emulator ? [emulator] : FIREBASE_APIS;
  const firebaseFrame = emulator ?? `https://${options.authDomain}`;
  const scripts = options.dev
    ? ["'self'", "'unsafe-eval'", "'unsafe-inline'"]
    : ["'self'", ...scriptHashes];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", ...scripts, GOOGLE_SCRIPTS, ...RECAPTCHA_SCRIPTS],
    // React's style attributes, styled-jsx and react-hot-toast's injected <style>.
    ["style-src", "'self'", "'unsafe-inline'"],
    // Profile pictures come through next/image from this site (lib/users/avatar.ts): no other host.
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...firebaseConnect, ...(options.dev ? ["ws:", "wss:"] : [])],
    // 'self': the CV frame (/cv-viewer.html), sandboxed, that draws an applicant's CV (issue 40).
    ["frame-src", firebaseFrame, ...RECAPTCHA_FRAMES, "'self'"],
    // Sentry session replay compresses in a worker it starts from a blob: URL.
    ["worker-src", "'self'", "blob:"],
    ["manifest-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    // Only the embed pages (issue 66) may be framed, by any site: embedSecurityHeaders.
    ["frame-ancestors", frameAncestors],
    ...(options.hsts ? [["upgrade-insecure-requests"] as [string]] : []),
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

/** Two years, as the HSTS preload list asks; subdomains included. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** Every security header for an answer, its CSP admitting `scriptHashes`. */
export function securityHeaders(
  options: SecurityOptions,
  scriptHashes: readonly string[] = [],
): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(options, scriptHashes),
    "x-frame-options": "DENY",
    // next dev serves /_next/static/development/_clientMiddlewareManifest.js as JSON; nosniff
    // makes every dev page log that it refused to run it.
    ...(options.dev ? {} : { "x-content-type-options": "nosniff" }),
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    // The Firebase sign-in popup keeps its opener; other windows get none.
    "cross-origin-opener-policy": "same-origin-allow-popups",
    ...(options.hsts ? { "strict-transport-security": HSTS_VALUE } : {}),
  };
}

/**
 * The headers of an embed page (lib/routes.ts isEmbedPath: a company's listings for its own
 * careers site, issue 66): the board's, but any site may frame it (`frame-ancestors *`, and no
 * X-Frame-Options, which would deny it). Every other page keeps `frame-ancestors 'none'`.
 */
export function embedSecurityHeaders(
  options: SecurityOptions,
  scriptHashes: readonly string[] = [],
): Record<string, string> {
  const { "x-frame-options": _denied, ...headers } = securityHeaders(options, scriptHashes);
  return {
    ...headers,
    "content-security-policy": contentSecurityPolicy(options, scriptHashes, "*"),
  };
}

/**
 * The policy of the CV frame's document (features/applications/cv-frame.ts), which draws a
 * candidate's PDF with pdf.js: a sandbox without allow-same-origin (the `sandbox` directive keeps
 * it one when the document is opened directly, not framed), its own script and style sheet,
 * pictures pdf.js may make in memory, and nothing else: it can fetch, frame, load or post
 * nothing. Only the site's pages may frame it.
 */
export const CV_FRAME_POLICY = [
  "sandbox allow-scripts",
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src data: blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join("; ");

/** The CV frame's files' headers: the site's, but their own policy, and framable by the site. */
export function cvFrameSecurityHeaders(options: SecurityOptions): Record<string, string> {
  return {
    ...securityHeaders(options),
    "content-security-policy": CV_FRAME_POLICY,
    "x-frame-options": "SAMEORIGIN",
    // Static files, served as what they are by next dev too.
    "x-content-type-options": "nosniff",
  };
}

const EXECUTABLE_TYPES = new Set([
  "",
  "module",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/jscript",
]);

const HEAD_END = "</head>";

/**
 * CSP hash sources ('sha256-…') of the inline scripts a browser would run from this HTML's
 * <head>, where Next.js puts its bootstrap (Turbopack's chunk list). Scripts in the body are
 * never hashed: page content lives there, so a script injected into it stays blocked.
 * `__NEXT_DATA__` and JSON-LD are data (type application/json, application/ld+json): not run,
 * not hashed. Given the page's bytes, only its head is decoded.
 */
export function inlineScriptHashes(html: string | Buffer): string[] {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd === -1) return [];
  const head =
    typeof html === "string" ? html.slice(0, headEnd) : html.toString("utf8", 0, headEnd);
  const hashes = new Set<string>();
  for (const match of head.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? "";
    if (/(?:^|\s)src\s*=/i.test(attributes)) continue;
    const type = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
    const mime = (type?.[1] ?? type?.[2] ?? type?.[3] ?? "").split(";", 1)[0]!.trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(mime)) continue;
    // The browser hashes the script as parsed: HTML turns CRLF and CR into LF first.
    const source = (match[2] ?? "").replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
