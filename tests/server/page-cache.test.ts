// @vitest-environment node
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compress } from "@/lib/server/http/compression";
import {
  DEFAULT_STALE_IF_ERROR,
  pagePath,
  PageCache,
  sharedCacheLifetime,
} from "@/lib/server/http/page-cache";

const page = (body: string, headers: Record<string, string> = {}) => ({
  status: 200,
  headers,
  body: Buffer.from(body),
});
const minute = { maxAge: 60, staleFor: 0 };

describe("pagePath and purge", () => {
  it.each([
    ["/departments/design", "/departments/design"],
    ["/departments/design?page=2&q=ugc", "/departments/design"],
    ["/_next/data/abc123/departments/design.json?department=design", "/departments/design"],
    ["/_next/data/abc123/index.json", "/"],
    ["/?page=3", "/"],
  ])("%s is a copy of %s", (url, path) => {
    expect(pagePath(url)).toBe(path);
  });

  it("drops exactly the pages that pass the test, with their data and query variants", () => {
    const cache = new PageCache();
    const urls = [
      "/types/internship",
      "/types/internship?page=2",
      "/_next/data/b/types/internship.json",
      "/blog",
    ];
    for (const url of urls) cache.store(url, page("x"), minute);
    cache.lookup("/types/internship?page=2"); // promoted: purge reaches both segments
    expect(cache.purge((path) => path === "/types/internship")).toBe(3);
    expect(urls.map((url) => Boolean(cache.lookup(url)))).toEqual([false, false, false, true]);
  });
});

describe("sharedCacheLifetime", () => {
  const day = DEFAULT_STALE_IF_ERROR;
  it.each([
    [
      "public, s-maxage=60, stale-while-revalidate=600",
      { maxAge: 60, staleFor: 600, staleIfError: day },
    ],
    ["public, s-maxage=300", { maxAge: 300, staleFor: 0, staleIfError: day }],
    ["s-maxage=60, stale-if-error=120", { maxAge: 60, staleFor: 0, staleIfError: 120 }],
    ["private, s-maxage=60", null],
    // A shared cache goes by max-age when there is no s-maxage, for public answers.
    ["public, max-age=60", { maxAge: 60, staleFor: 0, staleIfError: day }],
    ["public, max-age=31536000, immutable", { maxAge: 31536000, staleFor: 0, staleIfError: day }],
    ["max-age=60", null],
    ["public, max-age=0", null],
    ["public, no-cache, s-maxage=60", null],
    [
      "s-maxage=31536000, stale-while-revalidate",
      { maxAge: 31536000, staleFor: 0, staleIfError: day },
    ],
    ["no-store", null],
    [undefined, null],
  ])("%s", (header, expected) => {
    expect(sharedCacheLifetime(header)).toEqual(expected);
  });
});

describe("lookup states", () => {
  it("is fresh for max-age, stale for stale-while-revalidate, then expired until stale-if-error ends", () => {
    let clock = 0;
    const cache = new PageCache({ now: () => clock });
    cache.store("/", page("home"), { maxAge: 60, staleFor: 600, staleIfError: 3600 });
    expect(cache.lookup("/")?.state).toBe("fresh");
    clock = 61_000;
    expect(cache.lookup("/")?.state).toBe("stale");
    clock = 661_000;
    expect(cache.lookup("/")?.state).toBe("expired");
    clock = 3_661_000;
    expect(cache.lookup("/")).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});

describe("admission and eviction", () => {
  it("keeps pages asked for again when a flood of one-off URLs comes", () => {
    const cache = new PageCache({ maxEntries: 20 });
    cache.store("/departments/design", page("design"), minute);
    cache.lookup("/departments/design");
    for (let i = 0; i < 1000; i++) cache.store(`/?q=search-${i}`, page(`results ${i}`), minute);

    expect(cache.lookup("/departments/design")?.state).toBe("fresh");
    expect(cache.stats().probation.entries).toBe(4);
    expect(cache.stats().entries).toBeLessThanOrEqual(20);
    // The newest one-offs are still there; the old ones are gone.
    expect(cache.peek("/?q=search-999")).toBeDefined();
    expect(cache.peek("/?q=search-0")).toBeUndefined();
  });

  it("evicts the least recently used page of probation first", () => {
    const cache = new PageCache({ maxEntries: 10 }); // probation holds 2
    cache.store("/a", page("a"), minute);
    cache.store("/b", page("b"), minute);
    cache.store("/c", page("c"), minute);
    expect(cache.peek("/a")).toBeUndefined();
    expect(cache.peek("/b")?.segment).toBe("probation");
    expect(cache.peek("/c")?.segment).toBe("probation");
  });

  it("moves the oldest protected page back into probation when protected is full", () => {
    const cache = new PageCache({ maxEntries: 4, probationShare: 0.5 }); // 2 and 2
    for (const url of ["/a", "/b", "/c"]) {
      cache.store(url, page(url), minute);
      cache.lookup(url);
    }
    expect(cache.peek("/a")?.segment).toBe("probation");
    expect(cache.peek("/b")?.segment).toBe("protected");
    expect(cache.peek("/c")?.segment).toBe("protected");
    // Asked for again from probation: protected once more, and /b steps back.
    cache.lookup("/a");
    expect(cache.peek("/a")?.segment).toBe("protected");
    expect(cache.peek("/b")?.segment).toBe("probation");
  });

  it("keeps a page's segment when a newer render replaces it", () => {
    const cache = new PageCache();
    cache.store("/blog", page("old"), minute);
    cache.lookup("/blog");
    cache.store("/blog", page("new"), minute);
    expect(cache.peek("/blog")).toMatchObject({ segment: "protected", body: Buffer.from("new") });
    expect(cache.stats().entries).toBe(1);
  });

  it("does not admit a page larger than half of probation", () => {
    const cache = new PageCache({ maxBytes: 10_000 }); // probation 2,000 bytes
    expect(cache.store("/big", page("x".repeat(1_100)), minute)).toBeUndefined();
    expect(cache.store("/small", page("x".repeat(500)), minute)).toBeDefined();
    expect(cache.stats().entries).toBe(1);
  });
});

describe("byte accounting", () => {
  const headers = { "content-type": "text/html; charset=utf-8", "x-frame-options": "DENY" };
  const body = "<p>hello</p>".repeat(500);
  /** What an entry counts: its body while it has no compressed copy, then only the copies. */
  const expectedSize = (key: string, etag: string, variants?: number) =>
    Buffer.byteLength(key) +
    Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0) +
    etag.length +
    (variants ?? Buffer.byteLength(body));

  it("counts the key, headers, body and ETag of what it stores", () => {
    const cache = new PageCache();
    const entry = cache.store("/about", page(body, headers), minute)!;
    expect(entry.size).toBe(expectedSize("/about", entry.etag));
    expect(cache.stats().bytes).toBe(entry.size);
  });

  it("counts every encoded variant kept, once, and forgets it all when the entry goes", () => {
    const cache = new PageCache();
    const entry = cache.store("/about", page(body, headers), minute)!;
    const br = cache.encoded(entry, "br");
    const gzip = cache.encoded(entry, "gzip");
    expect(cache.encoded(entry, "br")).toBe(br);
    const size = expectedSize("/about", entry.etag, br.length + gzip.length);
    expect(entry.size).toBe(size);
    expect(cache.stats()).toMatchObject({ bytes: size, probation: { bytes: size } });

    cache.lookup("/about");
    expect(cache.stats()).toMatchObject({ bytes: size, protected: { bytes: size } });
    cache.drop(entry);
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it("holds only the bytes it counts: what it keeps is not a slice of a shared block", () => {
    // Node 24 cuts buffers under 32 kB from shared 64 kB blocks (Buffer.poolSize): a kept slice
    // held its whole block, 64 kB for a page of 8 kB.
    const owns = (buffer: Buffer | null | undefined) =>
      buffer?.byteOffset === 0 && buffer.buffer.byteLength === buffer.length;
    // Names in every script come back from each kept copy byte for byte.
    const typed = `${body}<p>Żółć Studio · 映像編集者 · محرر فيديو</p>`;
    const pooled = Buffer.from(`${"x".repeat(64)}${typed}`).subarray(64);
    expect(owns(pooled)).toBe(false);
    const cache = new PageCache();
    const entry = cache.store("/about", { status: 200, headers, body: pooled }, minute)!;
    expect(owns(entry.body)).toBe(true);
    const gzip = cache.encoded(entry, "gzip");
    expect(owns(gzip)).toBe(true);
    expect(owns(entry.encoded.gzip?.body)).toBe(true);
    cache.lookup("/about");
    const br = cache.encoded(entry, "br");
    expect(owns(br)).toBe(true);
    expect(gunzipSync(gzip).toString()).toBe(typed);
    expect(brotliDecompressSync(br).toString()).toBe(typed);
    expect(cache.identity(entry).toString()).toBe(typed);
  });

  it("keeps no uncompressed body beside a compressed copy, and unpacks one for a client that asks", () => {
    const cache = new PageCache();
    const entry = cache.store("/about", page(body, headers), minute)!;
    expect(cache.identity(entry)).toBe(entry.body);
    const gzip = cache.encoded(entry, "gzip");
    expect(entry.body).toBeNull();
    expect(entry.length).toBe(Buffer.byteLength(body));
    expect(cache.identity(entry).toString()).toBe(body);
    // Another encoding, made from the copy kept.
    expect(cache.encoded(entry, "br")).toEqual(compress(Buffer.from(body), "br", "quick"));
    expect(entry.size).toBe(
      expectedSize("/about", entry.etag, gzip.length + entry.encoded.br!.body.length),
    );

    // A body too small to compress keeps itself.
    const small = cache.store("/small", page("<p>hi</p>", headers), minute)!;
    cache.encoded(small, "br");
    expect(small.body?.toString()).toBe("<p>hi</p>");
  });

  it("compresses a page quickly on its first visit and thoroughly, once, when it is used again", () => {
    const cache = new PageCache();
    // Text like a page's, where the two efforts differ.
    const list = Array.from(
      { length: 300 },
      (_, i) => `<li><a href="/jobs/${i}">Role ${(i * 7919) % 1013}</a></li>`,
    ).join("");
    const entry = cache.store("/about", page(list, headers), minute)!;
    const quick = cache.encoded(entry, "br");
    expect(quick).toEqual(compress(Buffer.from(list), "br", "quick"));
    expect(cache.encoded(entry, "br")).toBe(quick);

    cache.lookup("/about");
    const thorough = cache.encoded(entry, "br");
    expect(thorough).toEqual(compress(Buffer.from(list), "br", "thorough"));
    expect(thorough.length).toBeLessThan(quick.length);
    expect(cache.encoded(entry, "br")).toBe(thorough);
    const size = expectedSize("/about", entry.etag, thorough.length);
    expect(entry.size).toBe(size);
    expect(cache.stats()).toMatchObject({ bytes: size, protected: { bytes: size } });
  });

  it("sends a first visit in gzip, quickly, then brotli once the page is used again", () => {
    const cache = new PageCache();
    const list = Array.from({ length: 300 }, (_, i) => `<li>Role ${(i * 7919) % 1013}</li>`).join(
      "",
    );
    const entry = cache.store("/about", page(list, headers), minute)!;
    const browser = "gzip, deflate, br";
    expect(cache.encodingFor(entry, browser)).toBe("gzip");
    const gzip = cache.encoded(entry, "gzip");
    expect(gzip).toEqual(compress(Buffer.from(list), "gzip", "quick"));
    // A client that takes only brotli gets it; then both copies are kept and either is sent.
    expect(cache.encodingFor(entry, "br")).toBe("br");
    const br = cache.encoded(entry, "br");
    expect(cache.encodingFor(entry, browser)).toBe("br");
    expect(entry.size).toBe(expectedSize("/about", entry.etag, gzip.length + br.length));

    // Asked for again: brotli, thoroughly, and the quick copies go.
    cache.lookup("/about");
    expect(cache.encodingFor(entry, browser)).toBe("br");
    const thorough = cache.encoded(entry, "br");
    expect(thorough).toEqual(compress(Buffer.from(list), "br", "thorough"));
    expect(Object.keys(entry.encoded)).toEqual(["br"]);
    expect(entry.size).toBe(expectedSize("/about", entry.etag, thorough.length));
    expect(cache.stats()).toMatchObject({ bytes: entry.size, protected: { bytes: entry.size } });
    // A client that takes only gzip still gets gzip, made from the brotli copy.
    expect(cache.encodingFor(entry, "gzip")).toBe("gzip");
    expect(gunzipSync(cache.encoded(entry, "gzip")).toString()).toBe(list);
    expect(cache.encodingFor(entry, "identity")).toBeNull();
    expect(cache.encodingFor(entry, undefined)).toBeNull();
  });

  it("stays right through replacement, purge and eviction", () => {
    const cache = new PageCache({ maxEntries: 10 });
    for (let i = 0; i < 50; i++) {
      const entry = cache.store(`/p${i % 7}`, page(body.slice(0, 100 + i), headers), minute)!;
      if (i % 3 === 0) cache.encoded(entry, "gzip");
      if (i % 4 === 0) cache.lookup(`/p${(i + 1) % 7}`);
    }
    cache.purge((path) => path === "/p3");
    const entries = ["/p0", "/p1", "/p2", "/p3", "/p4", "/p5", "/p6"]
      .map((key) => cache.peek(key))
      .filter((entry) => entry !== undefined);
    expect(cache.stats().bytes).toBe(entries.reduce((sum, entry) => sum + entry.size, 0));
    expect(cache.stats().entries).toBe(entries.length);
  });

  it("evicts by bytes when the variants make it too large", () => {
    const cache = new PageCache({ maxBytes: 100_000, probationShare: 0.5 });
    // Random bodies do not compress: each variant is about as large as its body.
    const noise = () => ({ status: 200, headers: {}, body: randomBytes(12_000) });
    const first = cache.store("/one", noise(), minute)!;
    cache.store("/two", noise(), minute);
    cache.store("/three", noise(), minute);
    expect(cache.stats().probation.entries).toBe(3);
    // Two copies each (the body itself goes once it has one): about twice the bytes.
    for (const key of ["/one", "/two", "/three"]) {
      const entry = cache.peek(key);
      if (entry) cache.encoded(entry, "gzip");
      if (entry) cache.encoded(entry, "br");
    }
    expect(cache.stats().probation.bytes).toBeLessThanOrEqual(50_000);
    expect(cache.peek("/one")).toBeUndefined();
    expect(first.encoded.gzip).toBeDefined();
    expect(cache.peek("/three")?.encoded.br).toBeDefined();
  });
});
