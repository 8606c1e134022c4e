import { matchPageRoute, serverParams } from "@/lib/page-params";

/**
 * The one URL a request for a page is rendered and cached as, so that parameters the page does
 * not read (utm_source, fbclid, ?x=<random>) make no new cache entry and cannot reach it:
 *
 * - only the parameters lib/page-params.ts lists under `server` for the page are kept, sorted;
 * - a parameter named like one of the route's dynamic segments is dropped (the path's value
 *   wins in Next.js anyway), except in /_next/data JSON URLs, where Next.js's client adds it:
 *   there it is set from the path;
 * - each path segment is decoded and encoded again, so /departments/%64esign is /departments/design.
 *
 * Returns null for anything that is not a page or its data URL (API routes, static files,
 * /_next/image, the Sentry tunnel, unknown paths, malformed encodings): those stay as they came.
 */
export function canonicalPageUrl(url: string): string | null {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const search = queryStart === -1 ? "" : url.slice(queryStart + 1);

  const data = /^\/_next\/data\/([\w-]+)\/(.+)\.json$/.exec(path);
  const pagePath = data ? (data[2] === "index" ? "" : data[2]!) : path.slice(1);
  if (!data && !path.startsWith("/")) return null;
  const segments = decodeSegments(pagePath);
  if (!segments) return null;
  const match = matchPageRoute(segments);
  if (!match) return null;

  const dynamic = Object.keys(match.params);
  const allowed = serverParams(match.route).filter((name) => !dynamic.includes(name));
  const query = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) {
    if (allowed.includes(name)) query.append(name, value);
  }
  if (data) for (const name of dynamic) query.append(name, match.params[name]!);
  query.sort();

  const encoded = segments.map(encodeURIComponent).join("/");
  const canonicalPath = data ? `/_next/data/${data[1]}/${encoded || "index"}.json` : `/${encoded}`;
  const canonicalQuery = query.toString();
  return canonicalQuery ? `${canonicalPath}?${canonicalQuery}` : canonicalPath;
}

function decodeSegments(path: string): string[] | null {
  if (path === "") return [];
  try {
    return path.split("/").map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** An /api URL whose path is not valid percent-encoding, which no API route can be asked for. */
export function isMalformedApiUrl(url: string): boolean {
  const path = url.split("?", 1)[0]!;
  if (path !== "/api" && !path.startsWith("/api/")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
