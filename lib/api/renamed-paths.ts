/**
 * API paths renamed so each thing has one name (issue 62): a listing is /api/listings (was
 * /api/submissions), what moderators do is /api/moderation (was /api/admin, its queue
 * /api/admin/submissions), saved jobs are /api/saved_jobs (was /api/favorites), jobs marked not
 * interested /api/hidden_jobs (was /api/rejections), jobs marked applied elsewhere
 * /api/applied_jobs (was /api/applications).
 *
 * The old paths keep answering for one release: next.config.ts rewrites each to its new path,
 * the server layer (lib/server/http/server-layer.ts) adds `Deprecation` (RFC 9745), `Sunset`
 * (RFC 8594) and a `Link` to the successor, and the OpenAPI document lists each old path as
 * deprecated beside the new one. Once the sunset has
 * passed, this list (and the rewrites) go.
 */
export const RENAMED_PATHS = [
  // The more particular first: /api/admin/submissions is not /api/moderation/submissions.
  { from: "/api/admin/submissions", to: "/api/moderation/review" },
  { from: "/api/admin", to: "/api/moderation" },
  { from: "/api/submissions", to: "/api/listings" },
  { from: "/api/favorites", to: "/api/saved_jobs" },
  { from: "/api/rejections", to: "/api/hidden_jobs" },
  { from: "/api/applications", to: "/api/applied_jobs" },
] as const;

/** When the old paths were deprecated. */
export const RENAMED_ON = new Date("2026-12-02T00:00:00Z");
/** When they stop answering: the release after next. */
export const RENAMED_SUNSET = new Date("2027-06-01T00:00:00Z");

/** The old path that answered for `path` before the rename, or null when it was not renamed. */
export function oldPathOf(path: string): string | null {
  // The first rename whose new path prefixes it: the list has the more particular first.
  const rename = RENAMED_PATHS.find(({ to }) => path === to || path.startsWith(`${to}/`));
  return rename ? rename.from + path.slice(rename.to.length) : null;
}

/** The path an old `path` answers as now, or null when `path` is not an old one. */
export function successorOf(path: string): string | null {
  const rename = RENAMED_PATHS.find(({ from }) => path === from || path.startsWith(`${from}/`));
  return rename ? rename.to + path.slice(rename.from.length) : null;
}

/** The headers an old path answers with: deprecated since RENAMED_ON, gone at RENAMED_SUNSET. */
export function deprecationHeaders(successor: string): Record<string, string> {
  return {
    Deprecation: `@${Math.floor(RENAMED_ON.getTime() / 1000)}`,
    Sunset: RENAMED_SUNSET.toUTCString(),
    Link: `<${successor}>; rel="successor-version"`,
  };
}
