import { readFileSync } from "node:fs";
import { join, normalize, resolve, sep } from "node:path";
import { decompress, type Encoding } from "./compression";

/*
 * The build's static files, compressed once at the highest quality by
 * scripts/precompress-static.ts, sent instead of compressing them per answer at the quality a
 * request can afford (about a tenth smaller for brotli).
 */

export const PRECOMPRESSED_ENCODINGS: readonly Encoding[] = ["br", "gzip"];

/** The static files that are text, and so worth compressing. */
export const PRECOMPRESSIBLE = /\.(js|css|json|svg|txt|map)$/;

const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

const STATIC_PATH = "/_next/static/";

/** Where the copy of `file` in `encoding` is kept. */
export function precompressedPath(file: string, encoding: Encoding): string {
  return file + SUFFIX[encoding];
}

/**
 * A lookup of the precompressed copy of a /_next/static answer, from the build in `nextDir`: the
 * copy when it exists and unpacks to exactly `body` (a copy left from another build never goes
 * out), else undefined. The page cache keeps what it returns, so each file is read once.
 */
export function precompressedStatic(nextDir: string) {
  const root = resolve(nextDir, "static");
  return (url: string, body: Buffer, encoding: Encoding): Buffer | undefined => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(url, "http://localhost").pathname);
    } catch {
      return undefined;
    }
    if (!pathname.startsWith(STATIC_PATH)) return undefined;
    const file = normalize(join(root, pathname.slice(STATIC_PATH.length)));
    if (!file.startsWith(root + sep) || !PRECOMPRESSIBLE.test(file)) return undefined;
    try {
      const packed = readFileSync(precompressedPath(file, encoding));
      return decompress(packed, encoding).equals(body) ? packed : undefined;
    } catch {
      return undefined;
    }
  };
}
