// @vitest-environment node
import { createHash } from "node:crypto";
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CV_FRAME_PATH } from "@/features/applications/cv-frame";
import { FILE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { preferredEncoding } from "@/lib/server/http/compression";
import { PageCache, REFRESH_HEADER } from "@/lib/server/http/page-cache";
import { CV_FRAME_POLICY, type SecurityOptions } from "@/lib/server/http/security-headers";
import { sentUrl } from "@/lib/server/http/request-url";
import { MALFORMED_API_URL_ERROR, withServerLayer } from "@/lib/server/http/server-layer";

/*
 * The server layer in front of a stand-in for Next.js: a real HTTP server whose "app" answers
 * each path as told, counts its renders, and writes its answers the ways Next.js does (whole
 * with end, in chunks, with writeHead).
 */

const security: SecurityOptions = {
  dev: false,
  hsts: false,
  authEmulatorHost: "127.0.0.1:9199",
  authDomain: "demo-creator-jobs.firebaseapp.com",
};

const BOOTSTRAP = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({});';
const BOOTSTRAP_HASH = `'sha256-${createHash("sha256").update(BOOTSTRAP).digest("base64")}'`;
const html = (text: string) =>
  `<!DOCTYPE html><html><head><script>${BOOTSTRAP}</script></head><body><main>${text}</main>${"<p>filler</p>".repeat(100)}</body></html>`;

type Answer = {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Write the body in two chunks after writeHead, as a static file server does. */
  chunked?: boolean;
  /** Write the body in this many pieces without a Content-Length, as a streamed feed does. */
  pieces?: number;
};

const LIST = PUBLIC_CACHE_CONTROL.list;
const page = (text: string, cacheControl: string | null = LIST): Answer => ({
  headers: {
    "content-type": "text/html; charset=utf-8",
    ...(cacheControl ? { "cache-control": cacheControl } : {}),
  },
  body: html(text),
});

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
});

async function start(answers: Record<string, Answer>, options: { clock?: () => number } = {}) {
  const renders: string[] = [];
  const app = (req: IncomingMessage, res: ServerResponse) => {
    renders.push(req.url ?? "");
    // As Next.js does: headers set once the head looks sent are ignored.
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => (res.headersSent ? res : setHeader(name, value));
    const path = (req.url ?? "/").split("?")[0]!;
    const answer = answers[path] ?? { status: 404, ...page("Not found", "private, no-store") };
    const body = answer.body ?? "";
    const headers = {
      etag: `"${createHash("sha1").update(body).digest("hex")}"`,
      ...answer.headers,
    };
    if (answer.pieces) {
      res.writeHead(answer.status ?? 200, answer.headers);
      const size = Math.ceil(body.length / answer.pieces);
      for (let start = 0; start < body.length; start += size) {
        res.write(body.slice(start, start + size));
      }
      res.end();
      return;
    }
    if (answer.chunked) {
      res.writeHead(answer.status ?? 200, headers);
      res.write(body.slice(0, 10));
      res.end(body.slice(10));
      return;
    }
    res.statusCode = answer.status ?? 200;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader("content-length", Buffer.byteLength(body));
    res.end(body);
  };
  const cache = new PageCache({ now: options.clock ?? (() => 0) });
  const refreshes: Promise<unknown>[] = [];
  let origin = "";
  const refresh = (url: string) => {
    const done = fetch(`${origin}${url}`, {
      headers: { [REFRESH_HEADER]: cache.refreshToken, "accept-encoding": "identity" },
    }).then((response) => response.arrayBuffer());
    refreshes.push(done);
    return done;
  };
  server = createServer(withServerLayer(app, { security, cache, refresh }));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const refreshed = () => Promise.all(refreshes);
  return { origin, renders, cache, refreshed };
}

/** A request that reads the bytes as sent (fetch would decompress them). */
function raw(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }>(
    (resolve, reject) => {
      request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
        .on("error", reject)
        .end();
    },
  );
}

const decoded = (answer: { headers: IncomingMessage["headers"]; body: Buffer }) => {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body).toString();
  if (encoding === "gzip") return gunzipSync(answer.body).toString();
  return answer.body.toString();
};

function expectSecurityHeaders(headers: IncomingMessage["headers"]) {
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toBeDefined();
}

describe("the page cache behind the layer", () => {
  it("renders a public page once and serves the copy while it is fresh", async () => {
    let clock = 0;
    const { origin, renders } = await start(
      { "/departments/design": page("design") },
      {
        clock: () => clock,
      },
    );
    const first = await raw(`${origin}/departments/design`);
    expect(first.headers["x-page-cache"]).toBe("MISS");
    expect(decoded(first)).toContain("<main>design</main>");
    const second = await raw(`${origin}/departments/design`);
    expect(second.headers["x-page-cache"]).toBe("HIT");
    expect(second.body.equals(first.body)).toBe(true);
    expect(renders).toEqual(["/departments/design"]);

    clock = 61_000 + 600_000;
    await raw(`${origin}/departments/design`);
    expect(renders).toHaveLength(2);
  });

  it("makes no new entry for parameters the page does not read, or for their order", async () => {
    const { origin, renders, cache } = await start({
      "/": page("home"),
      "/departments/design": page("design"),
    });
    for (const url of ["/?x=1", "/?x=2", "/?utm_source=news", "/"]) await raw(`${origin}${url}`);
    await raw(`${origin}/departments/design?q=video&page=2&fbclid=1`);
    await raw(`${origin}/departments/design?page=2&q=video`);
    expect(renders).toEqual(["/", "/departments/design?page=2&q=video"]);
    expect(cache.stats().entries).toBe(2);
  });

  it("never stores errors, private answers, signed requests or answers that set cookies", async () => {
    const { origin, renders } = await start({
      "/profile-ish": page("private", "private, no-cache"),
      "/cookie": { ...page("cookie"), headers: { ...page("x").headers, "set-cookie": "a=1" } },
      "/": page("home"),
    });
    for (let i = 0; i < 2; i++) {
      await raw(`${origin}/missing`);
      await raw(`${origin}/profile-ish`);
      await raw(`${origin}/cookie`);
      await raw(`${origin}/`, { authorization: "Bearer x" });
    }
    expect(renders).toHaveLength(8);
  });

  it("stores statically optimised pages (no Cache-Control from Next.js) and compresses them", async () => {
    const { origin, renders } = await start({ "/pricing": page("pricing", null) });
    // A first visit goes out in gzip from the kept compressor, a page asked for again in brotli.
    const first = await raw(`${origin}/pricing`, { "accept-encoding": "gzip, br" });
    expect(first.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL.staticPage);
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(decoded(first)).toContain("<main>pricing</main>");
    const second = await raw(`${origin}/pricing`, { "accept-encoding": "gzip, br" });
    expect(second.headers["x-page-cache"]).toBe("HIT");
    expect(second.headers["content-encoding"]).toBe("br");
    expect(decoded(second)).toBe(decoded(first));
    const gzipOnly = await raw(`${origin}/pricing`, { "accept-encoding": "gzip" });
    expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gzipOnly)).toBe(decoded(first));
    // The copy keeps only compressed bodies: a client that accepts none gets one unpacked.
    const plain = await raw(`${origin}/pricing`);
    expect(plain.headers["x-page-cache"]).toBe("HIT");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(decoded(first));
    expect(plain.headers["content-length"]).toBe(String(plain.body.length));
    for (const accept of [undefined, "gzip"]) {
      const head = await raw(
        `${origin}/pricing`,
        accept ? { "accept-encoding": accept } : {},
        "HEAD",
      );
      expect(head.headers["x-page-cache"]).toBe("HIT");
      expect(head.body.length).toBe(0);
      const get = accept ? gzipOnly : plain;
      expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
      expect(head.headers["content-encoding"]).toBe(get.headers["content-encoding"]);
    }
    expect(renders).toHaveLength(1);
  });

  it("answers a matching If-None-Match with 304, with the same security headers", async () => {
    const { origin } = await start({ "/about": page("about") });
    const first = await raw(`${origin}/about`);
    const revalidated = await raw(`${origin}/about`, { "if-none-match": first.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers["content-security-policy"]).toBe(
      first.headers["content-security-policy"],
    );
  });

  it("ignores a refresh header without this process's token", async () => {
    const { origin, renders } = await start({ "/blog": page("blog") });
    await raw(`${origin}/blog`);
    const forged = await raw(`${origin}/blog`, { [REFRESH_HEADER]: "guess" });
    expect(forged.headers["x-page-cache"]).toBe("HIT");
    expect(renders).toHaveLength(1);
  });
});

describe("stale copies", () => {
  const staleLifetime = "public, s-maxage=60, stale-while-revalidate=600";

  it("serves a stale copy while one background refresh renders it again", async () => {
    let clock = 0;
    const answers = { "/": page("first", staleLifetime) };
    const { origin, renders, refreshed } = await start(answers, { clock: () => clock });
    await raw(`${origin}/`);
    answers["/"] = page("second", staleLifetime);
    clock = 120_000;
    const stale = await raw(`${origin}/`);
    expect(stale.headers["x-page-cache"]).toBe("STALE");
    expect(decoded(stale)).toContain("first");
    await raw(`${origin}/`);
    await refreshed();
    expect(renders).toEqual(["/", "/"]);
    const fresh = await raw(`${origin}/`);
    expect(fresh.headers["x-page-cache"]).toBe("HIT");
    expect(decoded(fresh)).toContain("second");
  });

  it("keeps serving the copy when its refresh fails with a 5xx (stale-if-error)", async () => {
    let clock = 0;
    const answers: Record<string, Answer> = { "/": page("kept", staleLifetime) };
    const { origin, refreshed, cache } = await start(answers, { clock: () => clock });
    await raw(`${origin}/`);
    answers["/"] = { status: 500, ...page("database down", "private, no-store") };
    clock = 120_000;
    await raw(`${origin}/`);
    await refreshed();
    expect(cache.peek("/")).toBeDefined();
    const during = await raw(`${origin}/`);
    expect(during.headers["x-page-cache"]).toBe("STALE");
    expect(decoded(during)).toContain("kept");
  });

  it("serves the copy instead of a failed render after stale-while-revalidate has run out", async () => {
    let clock = 0;
    const answers: Record<string, Answer> = { "/": page("kept", staleLifetime) };
    const { origin, renders } = await start(answers, { clock: () => clock });
    await raw(`${origin}/`);
    answers["/"] = { status: 503, ...page("database down", "private, no-store") };
    clock = 61_000 + 600_000;
    const failed = await raw(`${origin}/`);
    expect(failed.status).toBe(200);
    expect(failed.headers["x-page-cache"]).toBe("STALE");
    expect(decoded(failed)).toContain("kept");
    // For a while after a failure the copy is served without asking the app again.
    await raw(`${origin}/`);
    expect(renders).toHaveLength(2);
  });

  it.each([404, 410])("drops the copy when its refresh answers %i", async (status) => {
    let clock = 0;
    const answers: Record<string, Answer> = { "/jobs/1-gone": page("job", staleLifetime) };
    const { origin, refreshed, cache, renders } = await start(answers, { clock: () => clock });
    await raw(`${origin}/jobs/1-gone`);
    answers["/jobs/1-gone"] = { status, ...page("gone", "private, no-store") };
    clock = 120_000;
    await raw(`${origin}/jobs/1-gone`);
    await refreshed();
    expect(cache.peek("/jobs/1-gone")).toBeUndefined();
    const next = await raw(`${origin}/jobs/1-gone`);
    expect(next.status).toBe(status);
    expect(renders).toHaveLength(3);
  });
});

describe("security headers", () => {
  it("are on pages, cache hits, 304s, API JSON, streamed files and error pages", async () => {
    const { origin } = await start({
      "/": page("home"),
      "/api/me": {
        headers: { "content-type": "application/json", "cache-control": "private, no-store" },
        body: JSON.stringify({ name: "x".repeat(2000) }),
      },
      "/logo.png": {
        headers: { "content-type": "image/png" },
        body: Buffer.alloc(5000, 7),
        chunked: true,
      },
    });
    const miss = await raw(`${origin}/`);
    const hit = await raw(`${origin}/`);
    const notModified = await raw(`${origin}/`, { "if-none-match": hit.headers.etag! });
    const api = await raw(`${origin}/api/me`);
    const apiNotModified = await raw(`${origin}/api/me`, { "if-none-match": api.headers.etag! });
    const file = await raw(`${origin}/logo.png`);
    const fileNotModified = await raw(`${origin}/logo.png`, {
      "if-none-match": file.headers.etag!,
    });
    const missing = await raw(`${origin}/missing`);
    const head = await raw(`${origin}/api/me`, {}, "HEAD");
    expect(
      [miss, hit, notModified, api, apiNotModified, file, fileNotModified, missing, head].map(
        (answer) => answer.status,
      ),
    ).toEqual([200, 200, 304, 200, 304, 200, 304, 404, 200]);
    for (const answer of [miss, hit, notModified, api, apiNotModified, file, fileNotModified]) {
      expectSecurityHeaders(answer.headers);
    }
    expectSecurityHeaders(missing.headers);
    expectSecurityHeaders(head.headers);
  });

  it("admit exactly the inline scripts of each HTML answer's head", async () => {
    const { origin } = await start({
      "/": page("home"),
      "/api/x": { headers: { "content-type": "application/json" }, body: "{}" },
    });
    for (const url of ["/", "/", "/nope"]) {
      const answer = await raw(`${origin}${url}`);
      expect(answer.headers["content-security-policy"]).toContain(
        `script-src 'self' ${BOOTSTRAP_HASH} `,
      );
    }
    const json = await raw(`${origin}/api/x`);
    expect(json.headers["content-security-policy"]).not.toContain("sha256");
  });
});

describe("the embed pages (issue 66)", () => {
  it("may be framed by any site, stored or not; every other page by none", async () => {
    const { origin } = await start({
      "/embed/companies/acme": page("acme's jobs"),
      "/companies/acme": page("acme"),
    });
    const miss = await raw(`${origin}/embed/companies/acme?theme=dark`);
    const hit = await raw(`${origin}/embed/companies/acme?theme=dark`);
    const notModified = await raw(`${origin}/embed/companies/acme?theme=dark`, {
      "if-none-match": hit.headers.etag!,
    });
    expect([miss, hit, notModified].map((answer) => answer.status)).toEqual([200, 200, 304]);
    expect(hit.headers["x-page-cache"]).toBe("HIT");
    for (const answer of [miss, hit, notModified]) {
      const csp = answer.headers["content-security-policy"]!;
      expect(csp).toContain("frame-ancestors *");
      expect(csp).not.toContain("frame-ancestors 'none'");
      // The rest of the board's policy stands, the page's own inline scripts admitted.
      expect(csp).toContain(`script-src 'self' ${BOOTSTRAP_HASH} `);
      expect(csp).toContain("object-src 'none'");
      expect(answer.headers["x-frame-options"]).toBeUndefined();
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
    // The company's own page, and a path that only looks like one, keep the board's policy.
    expectSecurityHeaders((await raw(`${origin}/companies/acme`)).headers);
    expectSecurityHeaders((await raw(`${origin}/embedded/companies/acme`)).headers);
  });
});

describe("the CV frame's files", () => {
  // As Next.js serves files from public/: `public, max-age=0`, and no ETag (generateEtags off).
  const file = (contentType: string, body: string): Answer => ({
    headers: { "content-type": contentType, "cache-control": "public, max-age=0" },
    body,
  });
  const script = "/cv-viewer/viewer.ABC123.js";

  it("go with their own policy: the document revalidated, its hashed files kept a year", async () => {
    const { origin, renders } = await start({
      [CV_FRAME_PATH]: file("text/html; charset=utf-8", "<!doctype html><title>CV</title>"),
      [script]: file("text/javascript; charset=utf-8", "void 0;".repeat(400)),
    });
    const document = await raw(`${origin}${CV_FRAME_PATH}`);
    expect(document.headers).toMatchObject({
      "content-security-policy": CV_FRAME_POLICY,
      "x-frame-options": "SAMEORIGIN",
      "x-content-type-options": "nosniff",
      "cache-control": FILE_CACHE_CONTROL.document,
    });
    const first = await raw(`${origin}${script}`, { "accept-encoding": "br" });
    const again = await raw(`${origin}${script}`, { "accept-encoding": "br" });
    for (const answer of [first, again]) {
      expect(answer.headers).toMatchObject({
        "content-security-policy": CV_FRAME_POLICY,
        "cache-control": FILE_CACHE_CONTROL.hashed,
        "content-encoding": "br",
      });
    }
    expect(again.headers["x-page-cache"]).toBe("HIT");
    expect(decoded(again)).toBe("void 0;".repeat(400));
    // The document is asked of Next.js each time (a deploy changes what it names).
    await raw(`${origin}${CV_FRAME_PATH}`);
    expect(renders.filter((url) => url === CV_FRAME_PATH)).toHaveLength(2);
  });

  it("that are not there are answered as any missing page, never kept a year", async () => {
    const { origin } = await start({});
    const missing = await raw(`${origin}/cv-viewer/viewer.GONE.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers["cache-control"]).not.toContain("immutable");
    expectSecurityHeaders(missing.headers);
  });
});

describe("compression of answers that are not stored", () => {
  const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => `item ${i}`) });

  it("follows Accept-Encoding, q=0 included, and says it varies by it", async () => {
    const { origin } = await start({
      "/api/list": {
        headers: { "content-type": "application/json", "cache-control": "private, no-store" },
        body: big,
      },
    });
    const cases: [string | undefined, string | undefined][] = [
      // Sent once, so compressed with the kept gzip compressor when the client takes gzip.
      ["gzip, deflate, br", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["br", "br"],
      ["gzip;q=0, br", "br"],
      ["gzip;q=0, br;q=0", undefined],
      ["*", "gzip"],
      ["identity", undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const answer = await raw(`${origin}/api/list`, accept ? { "accept-encoding": accept } : {});
      expect(answer.headers["content-encoding"], accept).toBe(expected);
      expect(answer.headers.vary).toContain("Accept-Encoding");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(decoded(answer)).toBe(big);
    }
  });

  it("leaves small answers and binary files as they are, and streams the files", async () => {
    const png = Buffer.alloc(50_000, 1);
    const { origin } = await start({
      "/api/small": { headers: { "content-type": "application/json" }, body: '{"ok":true}' },
      "/photo.png": { headers: { "content-type": "image/png" }, body: png, chunked: true },
    });
    const small = await raw(`${origin}/api/small`, { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    const file = await raw(`${origin}/photo.png`, { "accept-encoding": "br" });
    expect(file.headers["content-encoding"]).toBeUndefined();
    expect(file.body.equals(png)).toBe(true);
  });

  it("compresses answers written in chunks with writeHead", async () => {
    const css = `body { color: red; }\n`.repeat(200);
    const { origin } = await start({
      "/_next/static/chunks/app.css": {
        headers: {
          "content-type": "text/css; charset=utf-8",
          "cache-control": "public, max-age=0",
        },
        body: css,
        chunked: true,
      },
    });
    const answer = await raw(`${origin}/_next/static/chunks/app.css`, {
      "accept-encoding": "gzip",
    });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(decoded(answer)).toBe(css);
  });
});

describe("answers too large to hold", () => {
  // Larger than the 8 MiB the layer holds to compress and store an answer of unknown length.
  const feed = `<?xml version="1.0"?><source>${"<job><title>Editor</title></job>\n".repeat(300_000)}</source>`;
  const xmlAnswer = (pieces: number): Answer => ({
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": PUBLIC_CACHE_CONTROL.sitemap,
    },
    body: feed,
    pieces,
  });

  it("stream from the moment they pass the limit, compressed, and are never stored", async () => {
    expect(Buffer.byteLength(feed)).toBeGreaterThan(8 * 1024 * 1024);
    const { origin, renders } = await start({ "/feeds/jobs.xml": xmlAnswer(40) });
    for (const accept of ["gzip", "br", "identity"]) {
      const answer = await raw(`${origin}/feeds/jobs.xml`, { "accept-encoding": accept });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"]).toBe(accept === "identity" ? undefined : accept);
      expect(answer.headers["content-length"]).toBeUndefined();
      expect(answer.headers["transfer-encoding"]).toBe("chunked");
      expect(answer.headers.vary).toContain("Accept-Encoding");
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      expectSecurityHeaders(answer.headers);
      expect(decoded(answer)).toBe(feed);
    }
    // Rendered each time: the page cache kept no copy of it.
    expect(renders).toHaveLength(3);
  });

  it("that pass the limit only with their last piece are streamed too", async () => {
    const { origin } = await start({ "/feeds/jobs.xml": xmlAnswer(1) });
    const answer = await raw(`${origin}/feeds/jobs.xml`, { "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["content-length"]).toBeUndefined();
    expect(decoded(answer)).toBe(feed);
  });
});

describe("malformed /api URLs", () => {
  it.each(["/api/jobs/%C0%AE", "/api/%"])("%s is a JSON 400 from the server", async (path) => {
    const { origin, renders } = await start({});
    const answer = await raw(`${origin}${path}`);
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(JSON.parse(answer.body.toString())).toEqual(MALFORMED_API_URL_ERROR);
    expect(MALFORMED_API_URL_ERROR.code).toBe("malformed_request");
    expectSecurityHeaders(answer.headers);
    expect(renders).toEqual([]);
  });
});

describe("the URL as sent", () => {
  it("is kept for the API routes, whatever Next.js makes of req.url before they run", async () => {
    const seen: (string | undefined)[] = [];
    const app = (req: IncomingMessage, res: ServerResponse) => {
      // As Next.js does before a route runs: req.url rebuilt from the query parsed into a plain
      // object, where a parameter named __proto__ does not stay.
      const url = new URL(req.url ?? "/", "http://next");
      const query: Record<string, string> = {};
      for (const [key, value] of url.searchParams) query[key] = value;
      req.url = `${url.pathname}?${new URLSearchParams(query).toString()}`;
      seen.push(req.url, sentUrl(req));
      res.setHeader("content-type", "application/json");
      res.end("{}");
    };
    server = createServer(withServerLayer(app, { security }));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await raw(`${origin}/api/talent?__proto__=1&page=2`);
    expect(seen).toEqual(["/api/talent?page=2", "/api/talent?__proto__=1&page=2"]);
  });
});

describe("preferredEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5, gzip;q=0", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, *", "gzip"],
    ["*;q=0", null],
    ["identity", null],
    [undefined, null],
  ])("%s -> %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it.each([
    ["gzip, deflate, br", "gzip"],
    ["br", "br"],
    ["gzip;q=0, br", "br"],
    ["br;q=1, gzip;q=0.5", "br"],
    ["*", "gzip"],
    ["identity", null],
  ])("for an answer compressed quickly, %s -> %s", (header, expected) => {
    expect(preferredEncoding(header, "quick")).toBe(expected);
  });
});
