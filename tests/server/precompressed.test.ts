// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compress, compressBest } from "@/lib/server/http/compression";
import { PageCache } from "@/lib/server/http/page-cache";
import { precompressedPath, precompressedStatic } from "@/lib/server/http/precompressed";

/*
 * The build's static files go out as scripts/precompress-static.ts compressed them, and only
 * when the copy is the file's own.
 */

// A real script (React's own), which compresses as the app's chunks do.
const script = readFileSync(join(process.cwd(), "node_modules/react/cjs/react.production.js"));
let nextDir: string;
let chunk: string;

beforeAll(async () => {
  nextDir = mkdtempSync(join(tmpdir(), "precompressed-"));
  mkdirSync(join(nextDir, "static", "chunks"), { recursive: true });
  chunk = join(nextDir, "static", "chunks", "app.js");
  writeFileSync(chunk, script);
  writeFileSync(precompressedPath(chunk, "br"), await compressBest(script, "br"));
  writeFileSync(precompressedPath(chunk, "gzip"), await compressBest(script, "gzip"));
  // A copy left from another build's file of the same name.
  const other = join(nextDir, "static", "chunks", "stale.js");
  writeFileSync(other, script);
  writeFileSync(precompressedPath(other, "br"), compress(Buffer.from("other"), "br"));
  writeFileSync(join(nextDir, "secret.js"), script);
  writeFileSync(precompressedPath(join(nextDir, "secret.js"), "br"), compress(script, "br"));
});

afterAll(() => rmSync(nextDir, { recursive: true, force: true }));

describe("precompressedStatic", () => {
  it("gives the build's copy of a static file, in either encoding, smaller than per request", () => {
    const lookup = precompressedStatic(nextDir);
    const br = lookup("/_next/static/chunks/app.js?dpl=1", script, "br");
    const gzip = lookup("/_next/static/chunks/app.js", script, "gzip");
    expect(brotliDecompressSync(br!)).toEqual(script);
    expect(gunzipSync(gzip!)).toEqual(script);
    expect(br!.length).toBeLessThan(compress(script, "br").length);
  });

  it.each([
    ["a copy that is not the file's", "/_next/static/chunks/stale.js"],
    ["a file with no copy", "/_next/static/chunks/none.js"],
    ["a path out of the static folder", "/_next/static/../secret.js"],
    ["an encoded path out of the static folder", "/_next/static/%2e%2e/secret.js"],
    ["malformed percent-encoding", "/_next/static/%E0%A4%A.js"],
    ["a page", "/jobs/1-editor"],
  ])("gives nothing for %s", (_, url) => {
    expect(precompressedStatic(nextDir)(url, script, "br")).toBeUndefined();
  });

  it("is what the page cache sends, compressing only what has no copy", () => {
    const cache = new PageCache({ precompressed: precompressedStatic(nextDir) });
    const lifetime = { maxAge: 31_536_000, staleFor: 0 };
    const entry = cache.store(
      "/_next/static/chunks/app.js",
      { status: 200, headers: {}, body: script },
      lifetime,
    )!;
    expect(cache.encoded(entry, "br")).toEqual(
      precompressedStatic(nextDir)(entry.key, script, "br"),
    );
    const page = cache.store("/blog", { status: 200, headers: {}, body: script }, lifetime)!;
    expect(cache.encoded(page, "br")).toEqual(compress(script, "br", "quick"));
    // A browser's first visit gets the build's brotli copy, not gzip made on the spot.
    expect(cache.encodingFor(entry, "gzip, deflate, br")).toBe("br");
    const other = cache.store(
      "/_next/static/chunks/app.js?v=2",
      { status: 200, headers: {}, body: script },
      lifetime,
    )!;
    expect(cache.encodingFor(other, "gzip, deflate, br")).toBe("br");
    expect(other.encoded.br?.effort).toBe("best");
    expect(cache.encodingFor(page, "gzip, deflate, br")).toBe("br"); // its quick copy, kept
    // Used again, the precompressed file stays as it is.
    cache.lookup(entry.key);
    expect(cache.encoded(entry, "br")).toEqual(
      precompressedStatic(nextDir)(entry.key, script, "br"),
    );
  });
});
