import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";

/**
 * A shared cache in front of Next.js, the way a CDN would sit there: public GET answers that
 * say `s-maxage` are kept in memory and served without rendering again, fresh for s-maxage
 * seconds and then stale (served, while one request re-renders) for stale-while-revalidate.
 */

type Entry = {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
  storedAt: number;
  maxAge: number;
  staleFor: number;
  encoded: Partial<Record<"br" | "gzip", Buffer>>;
  refreshing: boolean;
};

export type PageCacheOptions = {
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
};

export const REFRESH_HEADER = "x-page-cache-refresh";

/**
 * `s-maxage` and `stale-while-revalidate` of a Cache-Control value, or null. s-maxage itself
 * says a shared cache may keep the answer (RFC 9111), unless it is private or no-store.
 */
export function sharedCacheLifetime(
  cacheControl: string | undefined,
): { maxAge: number; staleFor: number } | null {
  if (!cacheControl) return null;
  const directives = new Map(
    cacheControl.split(",").map((part) => {
      const [name = "", value = ""] = part.trim().toLowerCase().split("=");
      return [name, value] as const;
    }),
  );
  if (directives.has("private") || directives.has("no-store")) return null;
  const maxAge = Number(directives.get("s-maxage"));
  if (!Number.isInteger(maxAge) || maxAge <= 0) return null;
  const staleFor = Number(directives.get("stale-while-revalidate") ?? 0);
  return { maxAge, staleFor: Number.isInteger(staleFor) && staleFor > 0 ? staleFor : 0 };
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  readonly now: () => number;
  /** The REFRESH_HEADER value that proves a request is this process's own refresh. */
  readonly refreshToken = randomUUID();

  constructor(options: PageCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  /** The entry and whether it is still fresh; undefined when missing or too old to serve. */
  lookup(key: string): { entry: Entry; fresh: boolean } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const age = (this.now() - entry.storedAt) / 1000;
    if (age >= entry.maxAge + entry.staleFor) {
      this.delete(key);
      return undefined;
    }
    // Re-insert so the Map's order is least recently used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { entry, fresh: age < entry.maxAge };
  }

  store(
    key: string,
    page: { status: number; headers: OutgoingHttpHeaders; body: Buffer },
    lifetime: { maxAge: number; staleFor: number },
  ): void {
    if (page.body.length > this.maxBytes / 4) return;
    this.delete(key);
    const etag = `"${createHash("sha1").update(page.body).digest("base64url")}"`;
    this.entries.set(key, {
      ...page,
      ...lifetime,
      etag,
      storedAt: this.now(),
      encoded: {},
      refreshing: false,
    });
    this.bytes += page.body.length;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /**
   * Forgets every stored page whose path (the page's own, also for its /_next/data JSON) passes
   * `test`; returns how many. Query strings are not part of the path.
   */
  purge(test: (path: string) => boolean): number {
    let purged = 0;
    for (const key of [...this.entries.keys()]) {
      if (test(pagePath(key))) {
        this.delete(key);
        purged += 1;
      }
    }
    return purged;
  }

  /** Forgets `entry` unless something newer has replaced it meanwhile. */
  dropIfUnchanged(key: string, entry: Entry): void {
    if (this.entries.get(key) === entry) this.delete(key);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }
}

/**
 * The page a cached URL is for: "/departments/design" for itself, its query variants and
 * "/_next/data/{build}/departments/design.json" (what client-side navigation fetches).
 */
export function pagePath(url: string): string {
  const path = url.split("?")[0] ?? "/";
  const data = /^\/_next\/data\/[^/]+(\/.*)\.json$/.exec(path);
  if (!data) return path;
  return data[1] === "/index" ? "/" : data[1]!;
}

const REGISTRY = Symbol.for("creator-jobs.page-cache");
type Registry = { [REGISTRY]?: PageCache };

/**
 * Makes `cache` the one API routes purge. The server and the routes are bundled apart, so
 * they meet through the process's global symbol registry, as the database handle does.
 */
export function registerPageCache(cache: PageCache | undefined): void {
  (globalThis as Registry)[REGISTRY] = cache;
}

/** Drops matching pages from the server's page cache, if one is running; returns how many. */
export function purgeCachedPages(test: (path: string) => boolean): number {
  return (globalThis as Registry)[REGISTRY]?.purge(test) ?? 0;
}

/** br or gzip if the client accepts it (a q of 0 means "not this one"), else null. */
export function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .split(",")
      .map((part) => part.trim().toLowerCase().split(";"))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

function encode(entry: Entry, encoding: "br" | "gzip"): Buffer {
  entry.encoded[encoding] ??=
    encoding === "br"
      ? brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(entry.body, { level: 6 });
  return entry.encoded[encoding];
}

function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: Entry,
  state: "HIT" | "STALE",
  now: number,
): void {
  const headers: OutgoingHttpHeaders = {
    ...entry.headers,
    etag: entry.etag,
    age: String(Math.floor((now - entry.storedAt) / 1000)),
    vary: "Accept-Encoding",
    "x-page-cache": state,
  };
  if (req.headers["if-none-match"] === entry.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = encoding ? encode(entry, encoding) : entry.body;
  if (encoding) headers["content-encoding"] = encoding;
  headers["content-length"] = String(body.length);
  res.writeHead(entry.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/**
 * Wraps Next.js's request handler with the cache. `refresh` asks the server itself to render a
 * stale page again (a request carrying REFRESH_HEADER: cache.refreshToken), so visitors never
 * wait for it. A refresh that stores nothing new (a 404 now, an error) drops the stale copy.
 */
export function withPageCache(
  handle: Handler,
  cache: PageCache,
  refresh: (url: string) => Promise<unknown>,
): Handler {
  return (req, res) => {
    const url = req.url ?? "/";
    const cacheable =
      (req.method === "GET" || req.method === "HEAD") &&
      !req.headers.authorization &&
      !url.startsWith("/_next/static/");
    if (!cacheable) return handle(req, res);

    const refreshing = req.headers[REFRESH_HEADER] === cache.refreshToken;
    const hit = refreshing ? undefined : cache.lookup(url);
    if (hit) {
      sendEntry(req, res, hit.entry, hit.fresh ? "HIT" : "STALE", cache.now());
      if (!hit.fresh && !hit.entry.refreshing) {
        const stale = hit.entry;
        stale.refreshing = true;
        void refresh(url)
          .catch(() => undefined)
          .finally(() => cache.dropIfUnchanged(url, stale));
      }
      return;
    }
    if (req.method === "HEAD") return handle(req, res);

    // Render uncompressed so the stored body can be encoded for each later visitor.
    delete req.headers["accept-encoding"];
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(
              chunk as string,
              typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8",
            ),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.on("finish", () => {
      const lifetime = sharedCacheLifetime(String(res.getHeader("cache-control") ?? ""));
      if (res.statusCode !== 200 || !lifetime || res.getHeader("set-cookie")) return;
      const headers = res.getHeaders();
      delete headers["content-length"];
      delete headers["transfer-encoding"];
      delete headers.connection;
      delete headers["keep-alive"];
      delete headers.date;
      cache.store(url, { status: 200, headers, body: Buffer.concat(chunks) }, lifetime);
    });
    return handle(req, res);
  };
}
