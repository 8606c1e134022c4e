import { createHash, randomUUID } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { log } from "../log";
import {
  COMPRESSION_THRESHOLD,
  compress,
  decompress,
  type Effort,
  type Encoding,
  preferredEncoding,
} from "./compression";

/**
 * A shared cache in front of Next.js, the way a CDN would sit there: public GET answers that a
 * shared cache may keep (s-maxage, or public with max-age) are kept in memory and served without
 * rendering again, fresh for their lifetime and then stale (served while one request renders
 * again) for stale-while-revalidate. server-layer.ts decides what is stored and serves it.
 *
 * Admission: a segmented LRU. New entries go into a small probationary segment; only an entry
 * asked for again while there moves to the protected segment, whose least recently used entry
 * steps back into probation when it is full. A flood of one-off URLs only churns probation, so
 * it cannot push out the pages visitors keep asking for.
 *
 * Byte limits count what is stored: key, headers, body and every encoded variant kept. Once a
 * body worth compressing has a compressed copy, the uncompressed one goes (issue 67: it was most
 * of the cache's bytes, and nearly every client asks for br or gzip); the rare client that
 * accepts neither is sent a copy unpacked (`identity`).
 */

export type PageCacheEntry = {
  readonly key: string;
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  /** The body as rendered, until a compressed copy replaces it (read it through `identity`). */
  body: Buffer | null;
  /** The body's length, uncompressed. */
  readonly length: number;
  readonly etag: string;
  readonly storedAt: number;
  /** Seconds fresh, then seconds served stale while refreshing. */
  readonly maxAge: number;
  readonly staleFor: number;
  /** Seconds after that in which the copy still stands in for an answer that failed (5xx). */
  readonly staleIfError: number;
  /** The body compressed, per encoding: quickly on its first visit, thoroughly once reused. */
  readonly encoded: Partial<Record<Encoding, Variant>>;
  /** Bytes this entry holds, as counted against the limits. */
  size: number;
  segment: Segment;
  refreshing: boolean;
  /** After a refresh failed, none is tried again before this time (ms). */
  retryAfter: number;
};

type Segment = "probation" | "protected";

/** A compressed copy of an entry's body; "best" for the build's precompressed files. */
type Variant = { readonly body: Buffer; readonly effort: Effort | "best" };

export type Lifetime = { maxAge: number; staleFor: number; staleIfError?: number };

export type PageCacheOptions = {
  maxEntries?: number;
  maxBytes?: number;
  /** The share of entries and bytes that probation holds. */
  probationShare?: number;
  now?: () => number;
  /**
   * A copy of an answer's body already compressed in `encoding` (the build's precompressed
   * static files: precompressed.ts), used instead of compressing it here; undefined when none.
   */
  precompressed?: (key: string, body: Buffer, encoding: Encoding) => Buffer | undefined;
};

/** "fresh": serve; "stale": serve and refresh; "expired": render, and serve it if that fails. */
export type CacheState = "fresh" | "stale" | "expired";

export const REFRESH_HEADER = "x-page-cache-refresh";

/** How long a copy may stand in for a failing page when the page does not say (one day). */
export const DEFAULT_STALE_IF_ERROR = 86_400;
/** A failed refresh is not tried again for this long (ms), so a failing database is not hammered. */
export const REFRESH_RETRY_MS = 10_000;

/**
 * How long a shared cache may keep an answer with this Cache-Control (RFC 9111): s-maxage, or
 * for a public answer max-age; never a private or no-store one. Null: do not store it.
 */
export function sharedCacheLifetime(cacheControl: string | undefined): Lifetime | null {
  if (!cacheControl) return null;
  const directives = new Map(
    cacheControl.split(",").map((part) => {
      const [name = "", value = ""] = part.trim().toLowerCase().split("=");
      return [name, value] as const;
    }),
  );
  if (directives.has("private") || directives.has("no-store") || directives.has("no-cache")) {
    return null;
  }
  const seconds = (name: string) => {
    const value = Number(directives.get(name));
    return directives.get(name) && Number.isInteger(value) && value > 0 ? value : 0;
  };
  const maxAge = directives.has("s-maxage")
    ? seconds("s-maxage")
    : directives.has("public")
      ? seconds("max-age")
      : 0;
  if (maxAge <= 0) return null;
  return {
    maxAge,
    staleFor: seconds("stale-while-revalidate"),
    staleIfError: directives.has("stale-if-error")
      ? seconds("stale-if-error")
      : DEFAULT_STALE_IF_ERROR,
  };
}

const byteLength = (value: unknown) =>
  Array.isArray(value)
    ? value.reduce<number>((sum, item) => sum + Buffer.byteLength(String(item)), 0)
    : Buffer.byteLength(String(value));

function headerBytes(headers: OutgoingHttpHeaders): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) bytes += Buffer.byteLength(name) + byteLength(value);
  }
  return bytes;
}

/**
 * `buffer` in memory of its own. Node 24 hands out buffers under 32 kB (Buffer.concat, Buffer.from,
 * allocUnsafe) as slices of a shared 64 kB block (Buffer.poolSize), which stays allocated while
 * any slice of it is kept: a kept 8 kB page held its whole block, and 328 kept pages of 5 MB held
 * 20.5 MB (a heap snapshot of a PostgreSQL worker after bench/memory.mjs's load, issue 67). What
 * the cache keeps is copied out of such a block, so that what it counts is what it holds.
 */
function ownBuffer(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(own);
  return own;
}

function entrySize(entry: Omit<PageCacheEntry, "size">): number {
  let bytes = Buffer.byteLength(entry.key) + headerBytes(entry.headers);
  bytes += entry.body?.length ?? 0;
  bytes += Buffer.byteLength(entry.etag);
  for (const variant of Object.values(entry.encoded)) bytes += variant.body.length;
  return bytes;
}

export class PageCache {
  private readonly segments: Record<Segment, Map<string, PageCacheEntry>> = {
    probation: new Map(),
    protected: new Map(),
  };
  private readonly bytes: Record<Segment, number> = { probation: 0, protected: 0 };
  private readonly limits: Record<Segment, { entries: number; bytes: number }>;
  /** The largest entry admitted: half of probation, so one page cannot empty it. */
  private readonly maxEntryBytes: number;
  readonly now: () => number;
  private readonly precompressed: NonNullable<PageCacheOptions["precompressed"]>;
  /** The REFRESH_HEADER value that proves a request is this process's own refresh. */
  readonly refreshToken = randomUUID();

  constructor(options: PageCacheOptions = {}) {
    const maxEntries = options.maxEntries ?? 2000;
    const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    const share = options.probationShare ?? 0.2;
    const probation = {
      entries: Math.max(1, Math.round(maxEntries * share)),
      bytes: Math.round(maxBytes * share),
    };
    this.limits = {
      probation,
      protected: {
        entries: Math.max(1, maxEntries - probation.entries),
        bytes: maxBytes - probation.bytes,
      },
    };
    this.maxEntryBytes = probation.bytes / 2;
    this.now = options.now ?? Date.now;
    this.precompressed = options.precompressed ?? (() => undefined);
  }

  /** Entries and bytes held, in all and per segment. */
  stats() {
    const of = (segment: Segment) => ({
      entries: this.segments[segment].size,
      bytes: this.bytes[segment],
    });
    const probation = of("probation");
    const protectedSegment = of("protected");
    return {
      entries: probation.entries + protectedSegment.entries,
      bytes: probation.bytes + protectedSegment.bytes,
      probation,
      protected: protectedSegment,
    };
  }

  /** The entry as stored, without counting as a use. */
  peek(key: string): PageCacheEntry | undefined {
    return this.segments.probation.get(key) ?? this.segments.protected.get(key);
  }

  /**
   * The entry and its state, counting as a use: an entry in probation moves to the protected
   * segment. Undefined when missing or too old even to stand in for an error.
   */
  lookup(key: string): { entry: PageCacheEntry; state: CacheState } | undefined {
    const entry = this.peek(key);
    if (!entry) return undefined;
    const age = (this.now() - entry.storedAt) / 1000;
    if (age >= entry.maxAge + Math.max(entry.staleFor, entry.staleIfError)) {
      this.remove(entry);
      return undefined;
    }
    this.unlink(entry);
    this.link(entry, "protected");
    this.enforceLimits();
    const state: CacheState =
      age < entry.maxAge ? "fresh" : age < entry.maxAge + entry.staleFor ? "stale" : "expired";
    return { entry, state };
  }

  /**
   * Stores an answer under `key` (replacing what was there, in its segment; new keys start in
   * probation). Returns the entry, or undefined when it is too large to admit.
   */
  store(
    key: string,
    page: { status: number; headers: OutgoingHttpHeaders; body: Buffer },
    lifetime: Lifetime,
  ): PageCacheEntry | undefined {
    const previous = this.peek(key);
    if (previous) this.remove(previous);
    const etag = `"${createHash("sha1").update(page.body).digest("base64url")}"`;
    const fields = {
      key,
      ...page,
      body: ownBuffer(page.body),
      length: page.body.length,
      maxAge: lifetime.maxAge,
      staleFor: lifetime.staleFor,
      staleIfError: lifetime.staleIfError ?? DEFAULT_STALE_IF_ERROR,
      etag,
      storedAt: this.now(),
      encoded: {},
      segment: previous?.segment ?? "probation",
      refreshing: false,
      retryAfter: 0,
    };
    const entry: PageCacheEntry = { ...fields, size: entrySize(fields) };
    if (entry.size > this.maxEntryBytes) return undefined;
    this.link(entry, entry.segment);
    this.enforceLimits();
    return entry;
  }

  /**
   * The encoding to send `entry` in to a client that sends `acceptEncoding`, or null for none.
   * Once the entry has been asked for again it goes out in brotli if the client takes it (a copy
   * made once, thoroughly, by `encoded`). Before that, a copy already kept in an encoding the
   * client takes is sent as it is (the build's, for a static file, is looked for first); else
   * gzip if the client takes it: from the kept compressor it costs a third of brotli 3
   * (compression.ts), and most such pages (a search's results, a crawler's pass) are never asked
   * for again.
   */
  encodingFor(entry: PageCacheEntry, acceptEncoding: string | undefined): Encoding | null {
    if (entry.length <= COMPRESSION_THRESHOLD) return null;
    const best = preferredEncoding(acceptEncoding, "thorough");
    if (!best || this.effort(entry) === "thorough") return best;
    const quick = preferredEncoding(acceptEncoding, "quick")!;
    const kept = [best, quick].find((encoding) => entry.encoded[encoding]);
    if (kept) return kept;
    // Only a body still whole has never been sent, so the build's copy is looked for once.
    const precompressed = entry.body && this.precompressed(entry.key, entry.body, best);
    if (!precompressed) return quick;
    this.keep(entry, best, { body: precompressed, effort: "best" });
    return best;
  }

  /**
   * The body in `encoding`, kept (and counted) with the entry. Most stored pages are never asked
   * for again (a search's results, a crawler's pass): the first copy is compressed quickly. An
   * entry asked for again is in the protected segment (lookup); its copy is then compressed
   * thoroughly, once, and kept, and the quick copies in other encodings go. The build's
   * precompressed files are used as they are. A body over COMPRESSION_THRESHOLD keeps no
   * uncompressed copy once it has a compressed one.
   */
  encoded(entry: PageCacheEntry, encoding: Encoding): Buffer {
    const kept = entry.encoded[encoding];
    const effort = this.effort(entry);
    if (kept && (kept.effort !== "quick" || effort === "quick")) return kept.body;
    const body = this.identity(entry);
    const precompressed = kept ? undefined : this.precompressed(entry.key, body, encoding);
    const variant: Variant = precompressed
      ? { body: precompressed, effort: "best" }
      : { body: compress(body, encoding, effort), effort };
    return this.keep(entry, encoding, variant).body;
  }

  /** How hard a new copy of the entry is worth compressing: thoroughly once it is reused. */
  private effort(entry: PageCacheEntry): Effort {
    return entry.segment === "protected" ? "thorough" : "quick";
  }

  /**
   * Keeps `kept` as the entry's copy in `encoding` (in memory of its own: ownBuffer), and counts
   * the bytes it adds or frees; returns the copy kept.
   */
  private keep(entry: PageCacheEntry, encoding: Encoding, kept: Variant): Variant {
    const variant = { ...kept, body: ownBuffer(kept.body) };
    let added = variant.body.length - (entry.encoded[encoding]?.body.length ?? 0);
    entry.encoded[encoding] = variant;
    if (variant.effort !== "quick") {
      for (const [other, copy] of Object.entries(entry.encoded) as [Encoding, Variant][]) {
        if (other === encoding || copy.effort !== "quick") continue;
        added -= copy.body.length;
        delete entry.encoded[other];
      }
    }
    if (entry.body && entry.length > COMPRESSION_THRESHOLD) {
      added -= entry.body.length;
      entry.body = null;
    }
    entry.size += added;
    if (this.peek(entry.key) === entry) {
      this.bytes[entry.segment] += added;
      this.enforceLimits();
    }
    return variant;
  }

  /** The body uncompressed: as stored, or unpacked from a compressed copy kept. */
  identity(entry: PageCacheEntry): Buffer {
    if (entry.body) return entry.body;
    const [encoding, variant] = Object.entries(entry.encoded)[0] as [Encoding, Variant];
    return decompress(variant.body, encoding);
  }

  /**
   * Forgets every stored page whose path (the page's own, also for its /_next/data JSON) passes
   * `test`; returns how many. Query strings are not part of the path.
   */
  purge(test: (path: string) => boolean): number {
    let purged = 0;
    for (const segment of Object.values(this.segments)) {
      for (const entry of [...segment.values()]) {
        if (test(pagePath(entry.key))) {
          this.remove(entry);
          purged += 1;
        }
      }
    }
    return purged;
  }

  /** Forgets `entry` unless something newer has replaced it meanwhile. */
  drop(entry: PageCacheEntry): void {
    if (this.peek(entry.key) === entry) this.remove(entry);
  }

  private link(entry: PageCacheEntry, segment: Segment): void {
    entry.segment = segment;
    this.segments[segment].set(entry.key, entry);
    this.bytes[segment] += entry.size;
  }

  private unlink(entry: PageCacheEntry): void {
    if (this.segments[entry.segment].delete(entry.key)) this.bytes[entry.segment] -= entry.size;
  }

  private remove(entry: PageCacheEntry): void {
    if (this.segments[entry.segment].get(entry.key) === entry) this.unlink(entry);
  }

  private over(segment: Segment): boolean {
    const limit = this.limits[segment];
    return this.segments[segment].size > limit.entries || this.bytes[segment] > limit.bytes;
  }

  /** Protected overflow steps back into probation; probation overflow leaves. Oldest first. */
  private enforceLimits(): void {
    while (this.over("protected")) {
      const oldest = this.segments.protected.values().next().value!;
      this.unlink(oldest);
      this.link(oldest, "probation");
    }
    while (this.over("probation")) {
      this.unlink(this.segments.probation.values().next().value!);
    }
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

/**
 * A purge as a value, so that it can travel to other processes (purge-bus.ts), which a
 * predicate could not: the pages whose path (pagePath) is one of `paths` or starts with one of
 * `prefixes`.
 */
export type Purge = { paths: string[]; prefixes: string[] };

export const purgeMatches = (purge: Purge, path: string): boolean =>
  purge.paths.includes(path) || purge.prefixes.some((prefix) => path.startsWith(prefix));

/** Everything: what a process drops when it may have missed purges. */
export const PURGE_EVERYTHING: Purge = { paths: [], prefixes: ["/"] };

export type PurgeListener = (purge: Purge) => void;

const REGISTRY = Symbol.for("creator-jobs.page-cache");
type Registry = {
  cache?: PageCache;
  listeners: Set<PurgeListener>;
  /**
   * Sends a purge made here to the other processes and the CDN (purge-bus.ts); resolves once the
   * other processes have been told (never rejects).
   */
  broadcast?: (purge: Purge) => Promise<void>;
  /** Broadcasts still being sent. */
  sending: Set<Promise<void>>;
};
type GlobalWithRegistry = typeof globalThis & { [REGISTRY]?: Registry };

// The server and the routes are bundled apart, so they meet through the process's global
// symbol registry, as the database handle does.
const registry = (): Registry =>
  ((globalThis as GlobalWithRegistry)[REGISTRY] ??= { listeners: new Set(), sending: new Set() });

/** Makes `cache` the one purges drop pages from (the server's; none in next dev). */
export function registerPageCache(cache: PageCache | undefined): void {
  registry().cache = cache;
}

/** Sets how purges made in this process reach the others and the CDN; undefined: they do not. */
export function setPurgeBroadcast(broadcast: ((purge: Purge) => Promise<void>) | undefined): void {
  registry().broadcast = broadcast;
}

/**
 * Calls `listener` with every purge this process applies, made here or received from another
 * (a cache of its own that must go when pages do). Returns a function that stops it.
 */
export function onPurge(listener: PurgeListener): () => void {
  const { listeners } = registry();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Applies a purge in this process only: drops matching pages from its page cache and tells the
 * listeners. Returns how many pages were dropped.
 */
export function applyPurge(purge: Purge): number {
  const { cache, listeners } = registry();
  const purged = cache?.purge((path) => purgeMatches(purge, path)) ?? 0;
  for (const listener of listeners) {
    try {
      listener(purge);
    } catch (error) {
      log.error({ err: error }, "A purge listener failed");
    }
  }
  return purged;
}

/**
 * Drops matching pages here and, when the server has set it up, in every other instance and
 * worker (NOTIFY) and at the CDN (PURGE_WEBHOOK_URL). Returns how many pages were dropped here.
 */
export function purgeCachedPages(purge: Purge): number {
  const purged = applyPurge(purge);
  const { broadcast, sending } = registry();
  if (broadcast) {
    const sent = broadcast(purge).finally(() => sending.delete(sent));
    sending.add(sent);
  }
  return purged;
}

/**
 * Resolves once every purge made in this process so far has been sent to the others. The API
 * waits for it before answering, so that once a moderator's approval is answered, every instance
 * has been told to drop the pages it changed.
 */
export async function purgesSent(): Promise<void> {
  const { sending } = registry();
  if (sending.size > 0) await Promise.all(sending);
}
