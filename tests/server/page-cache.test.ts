// @vitest-environment node
import {
  createServer,
  get,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  pagePath,
  PageCache,
  preferredEncoding,
  sharedCacheLifetime,
  withPageCache,
} from "@/lib/server/http/page-cache";

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
    const page = { status: 200, headers: {}, body: Buffer.from("x") };
    const urls = [
      "/types/internship",
      "/types/internship?page=2",
      "/_next/data/b/types/internship.json",
      "/blog",
    ];
    for (const url of urls) cache.store(url, page, { maxAge: 60, staleFor: 0 });
    expect(cache.purge((path) => path === "/types/internship")).toBe(3);
    expect(urls.map((url) => Boolean(cache.lookup(url)))).toEqual([false, false, false, true]);
  });
});

describe("sharedCacheLifetime", () => {
  it.each([
    ["public, s-maxage=60, stale-while-revalidate=600", { maxAge: 60, staleFor: 600 }],
    ["public, s-maxage=300", { maxAge: 300, staleFor: 0 }],
    ["private, s-maxage=60", null],
    ["public, max-age=60", null],
    ["s-maxage=31536000, stale-while-revalidate", { maxAge: 31536000, staleFor: 0 }],
    ["no-store", null],
    [undefined, null],
  ])("%s", (header, expected) => {
    expect(sharedCacheLifetime(header)).toEqual(expected);
  });
});

describe("preferredEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5, gzip;q=0", "br"],
    ["identity", null],
    [undefined, null],
  ])("%s -> %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
});

/** A GET that reads the bytes as sent (fetch would decompress them). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingMessage["headers"]; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

/** A real server whose "app" counts renders and says how it may be cached. */
async function start(cacheControl: string, now: () => number) {
  const renders: string[] = [];
  const refreshes: string[] = [];
  const app = (req: IncomingMessage, res: ServerResponse) => {
    renders.push(req.url ?? "");
    res.setHeader("Content-Type", "text/html");
    res.setHeader("Cache-Control", cacheControl);
    res.statusCode = req.url === "/missing" ? 404 : 200;
    res.write("<html>");
    res.end(`render ${renders.length}</html>`);
  };
  const cache = new PageCache({ now });
  const refresh = async (url: string) => {
    refreshes.push(url);
  };
  server = createServer(withPageCache(app, cache, refresh));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, renders, refreshes, cache };
}

describe("withPageCache", () => {
  it("renders a public page once and serves the copy while it is fresh", async () => {
    let clock = 0;
    const { origin, renders } = await start("public, s-maxage=60", () => clock);
    const first = await fetch(`${origin}/departments/design`);
    expect(await first.text()).toBe("<html>render 1</html>");
    const second = await fetch(`${origin}/departments/design`);
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    expect(await second.text()).toBe("<html>render 1</html>");
    expect(renders).toEqual(["/departments/design"]);

    clock = 61_000;
    const expired = await fetch(`${origin}/departments/design`);
    expect(await expired.text()).toBe("<html>render 2</html>");
  });

  it("serves a stale copy and asks for one refresh in the background", async () => {
    let clock = 0;
    const { origin, refreshes } = await start(
      "public, s-maxage=60, stale-while-revalidate=600",
      () => clock,
    );
    await fetch(`${origin}/`);
    clock = 120_000;
    const stale = await fetch(`${origin}/`);
    expect(stale.headers.get("x-page-cache")).toBe("STALE");
    await fetch(`${origin}/`);
    expect(refreshes).toEqual(["/"]);
  });

  it("drops a stale copy when its refresh brings nothing new, and ignores forged refreshes", async () => {
    let clock = 0;
    const { origin, renders } = await start(
      "public, s-maxage=60, stale-while-revalidate=600",
      () => clock,
    );
    await fetch(`${origin}/jobs/1-gone`);
    await fetch(`${origin}/jobs/1-gone`, { headers: { "x-page-cache-refresh": "1" } });
    expect(renders).toHaveLength(1);

    clock = 120_000;
    expect((await fetch(`${origin}/jobs/1-gone`)).headers.get("x-page-cache")).toBe("STALE");
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = await fetch(`${origin}/jobs/1-gone`);
    expect(next.headers.get("x-page-cache")).toBeNull();
    expect(renders).toHaveLength(2);
  });

  it("keeps query strings apart and never caches errors, private pages or signed requests", async () => {
    const { origin, renders } = await start("public, s-maxage=60", () => 0);
    await fetch(`${origin}/?page=2`);
    await fetch(`${origin}/?page=3`);
    await fetch(`${origin}/missing`);
    await fetch(`${origin}/missing`);
    await fetch(`${origin}/?page=2`, { headers: { authorization: "Bearer x" } });
    expect(renders).toEqual(["/?page=2", "/?page=3", "/missing", "/missing", "/?page=2"]);
  });

  it("compresses for clients that accept it and answers 304 to a matching ETag", async () => {
    const { origin } = await start("public, s-maxage=60", () => 0);
    await fetch(`${origin}/about`);
    const gzipped = await rawGet(`${origin}/about`, { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString()).toBe("<html>render 1</html>");

    const etag = gzipped.headers.etag!;
    const revalidated = await fetch(`${origin}/about`, { headers: { "if-none-match": etag } });
    expect(revalidated.status).toBe(304);
  });

  it("does not cache pages that are not public", async () => {
    const { origin, renders } = await start("private, no-cache", () => 0);
    await fetch(`${origin}/profile`);
    await fetch(`${origin}/profile`);
    expect(renders).toHaveLength(2);
  });
});
