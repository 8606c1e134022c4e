import { deprecationHeaders, successorOf } from "@/lib/api/renamed-paths";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { ErrorCode } from "@/lib/api/errors";
import { cvFrameFile } from "@/lib/cv-frame-files";
import { isEmbedPath } from "@/lib/routes";
import { log } from "../log";
import { FILE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "./cache";
import {
  COMPRESSION_THRESHOLD,
  compress,
  compressionStream,
  isCompressible,
  preferredEncoding,
} from "./compression";
import {
  PageCache,
  REFRESH_HEADER,
  REFRESH_RETRY_MS,
  sharedCacheLifetime,
  type PageCacheEntry,
} from "./page-cache";
import { canonicalPageUrl, isMalformedApiUrl } from "./page-url";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id";
import { keepSentUrl } from "./request-url";
import { captureResponse, type Send } from "./response-capture";
import {
  cvFrameSecurityHeaders,
  embedSecurityHeaders,
  inlineScriptHashes,
  securityHeaders,
  type SecurityOptions,
} from "./security-headers";

/**
 * What the production server puts between the network and Next.js (docs/security-and-caching.md):
 *
 * 1. /api URLs with malformed percent-encoding get a JSON 400 (Next.js would answer in HTML);
 *    the URL as sent is kept on the request for the API routes' query (request-url.ts).
 * 2. Page URLs are made canonical (page-url.ts): parameters a page does not read are dropped.
 * 3. Public answers are served from the page cache, fresh or stale (refreshed in the background),
 *    and a copy stands in for a page whose render fails with a 5xx (stale-if-error).
 * 4. Every answer gets the security headers; HTML gets a CSP admitting its own inline scripts.
 *    The CV frame's files get a policy and a lifetime of their own (lib/cv-frame-files.ts).
 * 5. Text answers (HTML, JSON, XML, JS, CSS, SVG) are compressed with br or gzip. Next.js is
 *    asked for them uncompressed (Accept-Encoding removed) and whole (If-None-Match removed and
 *    answered here), so that each can be hashed, stored, compressed and revalidated here.
 * 6. With `prerendered`: the board's settings are made current before a page is handled, and a
 *    page the build prerendered gets the owner's words (lib/server/board-settings-html.ts).
 */

export type ServerLayerOptions = {
  security: SecurityOptions;
  /** Omitted (next dev): nothing is cached. */
  cache?: PageCache;
  /** Asks the server itself for `url` again, with REFRESH_HEADER: cache.refreshToken. */
  refresh?: (url: string) => Promise<unknown>;
  /**
   * The board's settings (issue 64): `refresh` makes them current before a page (not a build
   * file) is handled; `rewrite` answers a prerendered page's HTML with them, or undefined to send
   * it as it is. Omitted: pages go out as rendered.
   */
  prerendered?: { refresh: () => Promise<void>; rewrite: (html: string) => string | undefined };
};

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** The body of the 400 for an /api URL that is not valid percent-encoding. */
export const MALFORMED_API_URL_ERROR = {
  error: "The address is not valid: its percent-encoding is malformed.",
  code: "malformed_request",
} as const satisfies { error: string; code: ErrorCode };

/**
 * Bodies larger than this are streamed as they come, never held whole in memory: those that say
 * so in their Content-Length at once, and those written without one (the aggregator feed of a
 * large board) from the moment they pass it, compressed as they stream and never stored.
 */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/**
 * Headers of an answer that describe one transfer, not the page, or that a stored copy would
 * not keep (it answers Range requests whole): never stored.
 */
const TRANSFER_HEADERS = [
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "accept-ranges",
];

export function withServerLayer(handle: Handler, options: ServerLayerOptions): Handler {
  const { cache, refresh, security, prerendered } = options;
  const baseHeaders = securityHeaders(security);
  const frameHeaders = cvFrameSecurityHeaders(security);
  const embedHeaders = embedSecurityHeaders(security);

  return (req, res) => {
    keepSentUrl(req);
    const url = req.url ?? "/";
    trace(req, res, url);
    // An API path renamed for one name per thing still answers (next.config.ts rewrites it),
    // and says it is deprecated, when it goes and what replaces it.
    const successor = successorOf(url.split("?", 1)[0]!);
    if (successor) {
      for (const [name, value] of Object.entries(deprecationHeaders(successor))) {
        res.setHeader(name, value);
      }
    }
    if (isMalformedApiUrl(url)) {
      sendJson(req, res, 400, MALFORMED_API_URL_ERROR, baseHeaders);
      return;
    }
    const key = canonicalPageUrl(url) ?? url;
    req.url = key;
    const frameFile = cvFrameFile(url.split("?", 1)[0]!);
    // An embed page (issue 66) may be framed by any site; every other answer by none.
    const embed = isEmbedPath(url.split("?", 1)[0]!);
    const pageHeaders = (hashes: readonly string[] = []) =>
      embed
        ? hashes.length > 0
          ? embedSecurityHeaders(security, hashes)
          : embedHeaders
        : hashes.length > 0
          ? securityHeaders(security, hashes)
          : baseHeaders;
    /** The CV frame's files, when found, leave with headers of their own. */
    const ownHeaders = (status: number): Record<string, string> | undefined =>
      frameFile && (status === 200 || status === 304)
        ? {
            ...frameHeaders,
            "cache-control": FILE_CACHE_CONTROL[frameFile === "document" ? "document" : "hashed"],
          }
        : undefined;
    const client = {
      method: req.method ?? "GET",
      acceptEncoding: headerText(req.headers["accept-encoding"]),
      ifNoneMatch: headerText(req.headers["if-none-match"]),
    };
    delete req.headers["accept-encoding"];
    delete req.headers["if-none-match"];

    const cacheable =
      cache !== undefined &&
      (client.method === "GET" || client.method === "HEAD") &&
      !req.headers.authorization;
    const refreshing = cacheable && req.headers[REFRESH_HEADER] === cache.refreshToken;
    /** A stored copy that stands in if this render fails, or that it replaces or drops. */
    let previous: PageCacheEntry | undefined;
    if (cacheable && refreshing) {
      previous = cache.peek(key);
    } else if (cacheable) {
      const hit = cache.lookup(key);
      const now = cache.now();
      if (hit && (hit.state !== "expired" || hit.entry.retryAfter > now)) {
        const { entry } = hit;
        sendEntry(entry, hit.state === "fresh" ? "HIT" : "STALE", client, plainSend(res), cache);
        if (hit.state === "stale" && refresh && !entry.refreshing && entry.retryAfter <= now) {
          entry.refreshing = true;
          void refresh(key)
            .catch(() => undefined)
            .finally(() => {
              entry.refreshing = false;
            });
        }
        return;
      }
      previous = hit?.entry;
    }

    captureResponse(res, {
      head() {
        const status = res.statusCode;
        const length = Number(res.getHeader("content-length"));
        const buffered =
          ![204, 206, 304].includes(status) &&
          !res.getHeader("content-encoding") &&
          isCompressible(headerText(res.getHeader("content-type"))) &&
          !(length > MAX_BUFFERED_BYTES);
        if (buffered) return "buffer";
        for (const [name, value] of Object.entries(ownHeaders(status) ?? pageHeaders())) {
          res.setHeader(name, value);
        }
        const etag = headerText(res.getHeader("etag"));
        if (status === 200 && etagMatches(client.ifNoneMatch, etag)) {
          res.statusCode = 304;
          return "drop";
        }
        return "stream";
      },
      overflowAt: MAX_BUFFERED_BYTES,
      overflow() {
        // Too large to hold: no page-cache copy, no ETag (the body is not known whole) and no
        // inline-script hashes (no page is this large: it gets the base policy).
        for (const [name, value] of Object.entries(ownHeaders(res.statusCode) ?? pageHeaders())) {
          res.setHeader(name, value);
        }
        res.removeHeader("etag");
        res.removeHeader("content-length");
        const cacheControl = headerText(res.getHeader("cache-control")).toLowerCase();
        if (cacheControl.includes("no-transform") || client.method === "HEAD") return null;
        res.setHeader("vary", withVary(headerText(res.getHeader("vary")), "Accept-Encoding"));
        const encoding = preferredEncoding(client.acceptEncoding);
        if (!encoding) return null;
        res.setHeader("content-encoding", encoding);
        return compressionStream(encoding);
      },
      finish(rendered, send) {
        const status = res.statusCode;
        const headers: OutgoingHttpHeaders = { ...res.getHeaders() };
        const html = headerText(headers["content-type"]).toLowerCase().startsWith("text/html");
        let body = rendered;
        const rewritten =
          html && prerendered ? prerendered.rewrite(body.toString("utf8")) : undefined;
        if (rewritten !== undefined) {
          body = Buffer.from(rewritten);
          // Next.js's ETag and length were the build's file's.
          delete headers.etag;
          delete headers["content-length"];
        }
        const hashes = html ? inlineScriptHashes(body) : [];
        Object.assign(headers, ownHeaders(status) ?? pageHeaders(hashes));
        if (status === 200 && html && headers["cache-control"] === undefined) {
          headers["cache-control"] = PUBLIC_CACHE_CONTROL.staticPage;
        }

        if (cacheable && client.method === "GET") {
          const lifetime = storable(status, headers)
            ? sharedCacheLifetime(headerText(headers["cache-control"]))
            : null;
          const entry = lifetime
            ? cache.store(key, { status, headers: storedHeaders(headers), body }, lifetime)
            : undefined;
          if (entry) {
            sendEntry(entry, "MISS", client, send, cache);
            return;
          }
          if (previous && status >= 500) {
            // stale-if-error: the copy stays, and stands in for the failed page.
            previous.retryAfter = cache.now() + REFRESH_RETRY_MS;
            if (!refreshing) {
              sendEntry(previous, "STALE", client, send, cache);
              return;
            }
          } else if (previous) {
            // Gone (404, 410), moved or no longer shareable: the copy goes too.
            cache.drop(previous);
          }
        }
        sendWhole(status, headers, body, client, send);
      },
    });
    if (prerendered && !url.startsWith("/_next/") && !url.startsWith("/api/")) {
      // Almost always no query (lib/server/board-settings.ts): only after a purge or a minute.
      return prerendered.refresh().then(() => handle(req, res));
    }
    return handle(req, res);
  };
}

/**
 * Gives the request its id (in its X-Request-Id, for the routes, and on the answer), and logs one
 * line when the answer is done: method, path without the query string, status, duration, id and
 * page cache state. Nothing personal: no address, no headers, no query.
 */
function trace(req: IncomingMessage, res: ServerResponse, url: string): void {
  const started = performance.now();
  const id = requestIdOf(req.headers);
  req.headers[REQUEST_ID_HEADER] = id;
  // Every way out (a cache hit, a stored or streamed answer) ends in writeHead. (setHeader as
  // it is now: Next.js wraps it later to ignore calls once it sees the head out.)
  const writeHead = res.writeHead;
  const setHeader = res.setHeader.bind(res);
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    setHeader(REQUEST_ID_HEADER, id);
    return writeHead.apply(this, args);
  } as typeof writeHead;
  res.once("close", () => {
    const cache = res.getHeader("x-page-cache");
    log.info(
      {
        method: req.method,
        path: url.split("?")[0],
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        requestId: id,
        ...(cache ? { cache } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      "request",
    );
  });
}

type Client = { method: string; acceptEncoding: string; ifNoneMatch: string };

function plainSend(res: ServerResponse): Send {
  return (status, headers, body) => {
    res.writeHead(status, headers);
    res.end(body);
  };
}

/** A stored answer, revalidated (304) or compressed as the client asks. */
function sendEntry(
  entry: PageCacheEntry,
  state: "HIT" | "STALE" | "MISS",
  client: Client,
  send: Send,
  cache: PageCache,
): void {
  const headers: OutgoingHttpHeaders = {
    ...entry.headers,
    etag: entry.etag,
    age: String(Math.max(0, Math.floor((cache.now() - entry.storedAt) / 1000))),
    vary: "Accept-Encoding",
    "x-page-cache": state,
  };
  if (etagMatches(client.ifNoneMatch, entry.etag)) {
    send(304, headers);
    return;
  }
  const encoding = cache.encodingFor(entry, client.acceptEncoding);
  if (!encoding && client.method === "HEAD") {
    // The length is all a HEAD needs, and the entry keeps it: nothing is unpacked for it.
    headers["content-length"] = String(entry.length);
    send(entry.status, headers);
    return;
  }
  const body = encoding ? cache.encoded(entry, encoding) : cache.identity(entry);
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  send(entry.status, headers, client.method === "HEAD" ? undefined : body);
}

/** An answer that is not stored: revalidated against its own ETag, compressed when it pays. */
function sendWhole(
  status: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
  client: Client,
  send: Send,
): void {
  if (status === 200 && etagMatches(client.ifNoneMatch, headerText(headers.etag))) {
    delete headers["content-length"];
    send(304, headers);
    return;
  }
  const cacheControl = headerText(headers["cache-control"]).toLowerCase();
  const transformable = !cacheControl.includes("no-transform");
  if (transformable) headers.vary = withVary(headers.vary, "Accept-Encoding");
  if (client.method === "HEAD") {
    send(status, headers);
    return;
  }
  const encoding =
    transformable && body.length > COMPRESSION_THRESHOLD
      ? preferredEncoding(client.acceptEncoding, "quick")
      : null;
  // Not stored, so never sent again: compressed quickly.
  const sent = encoding ? compress(body, encoding, "quick") : body;
  if (encoding) headers["content-encoding"] = encoding;
  delete headers["transfer-encoding"];
  if (status !== 204 && status !== 304) headers["content-length"] = String(sent.length);
  send(status, headers, sent);
}

function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string>,
): void {
  const body = Buffer.from(JSON.stringify(value));
  res.writeHead(status, {
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "cache-control": "private, no-store",
    "content-length": String(body.length),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Only whole, public, personal-data-free 200s that vary by nothing but encoding are stored. */
function storable(status: number, headers: OutgoingHttpHeaders): boolean {
  if (status !== 200 || headers["set-cookie"] !== undefined) return false;
  const vary = headerText(headers.vary)
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return vary.every((name) => name === "accept-encoding");
}

function storedHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const kept = { ...headers };
  for (const name of TRANSFER_HEADERS) delete kept[name];
  return kept;
}

/** If-None-Match against an ETag, by the weak comparison (RFC 9110 §13.1.2). */
function etagMatches(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => opaque(candidate) === opaque(etag));
}

function withVary(vary: OutgoingHttpHeaders["vary"], name: string): string {
  const names = headerText(vary)
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (names.some((part) => part === "*" || part.toLowerCase() === name.toLowerCase())) {
    return names.join(", ");
  }
  return [...names, name].join(", ");
}

function headerText(value: OutgoingHttpHeaders[string]): string {
  if (value === undefined) return "";
  return Array.isArray(value) ? value.join(", ") : String(value);
}
