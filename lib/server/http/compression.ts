import { promisify } from "node:util";
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompressSync,
  constants as zlib,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
  gunzipSync,
} from "node:zlib";

export type Encoding = "br" | "gzip";

/** Smaller answers gain nothing worth the work (and the Vary) of compressing them. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * br or gzip if the client accepts it, else null. A q of 0 means "not this one"; `*` stands
 * for every encoding not named.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (encoding: Encoding) => weights.get(encoding) ?? weights.get("*") ?? 0;
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return null;
}

/** Text-like answers: HTML, JSON, XML (RSS, sitemaps), JavaScript, CSS, SVG and plain text. */
export function isCompressible(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
  return (
    type.startsWith("text/") ||
    /^application\/(json|xml|javascript|ecmascript|x-javascript|manifest\+json)$/.test(type) ||
    /\+(json|xml)$/.test(type) ||
    type === "image/svg+xml"
  );
}

/**
 * How hard `compress` works. "quick" is for an answer sent once (a search's results, an API
 * answer, a page on its first visit): brotli 3 or gzip 1, about a third of the work of "thorough"
 * for a tenth more bytes. "thorough" is for a stored page that is served again (the page cache
 * upgrades its copy on the second visit): brotli 5, about as fast as gzip's default level and
 * smaller; the higher qualities cost tens of milliseconds a page, too much per request.
 */
export type Effort = "quick" | "thorough";

const LEVELS: Record<Effort, Record<Encoding, number>> = {
  quick: { br: 3, gzip: 1 },
  thorough: { br: 5, gzip: 6 },
};

/** The body in `encoding`, at `effort`. */
export function compress(body: Buffer, encoding: Encoding, effort: Effort = "thorough"): Buffer {
  const level = LEVELS[effort][encoding];
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: level,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level });
}

/** A stream that compresses what goes through it as `compress` does a whole body, thoroughly. */
export function compressionStream(encoding: Encoding) {
  return encoding === "br"
    ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: LEVELS.thorough.br } })
    : createGzip({ level: LEVELS.thorough.gzip });
}

/**
 * The body in `encoding` at the highest quality, for what is compressed once and kept: brotli 11
 * is about a tenth smaller than 5 and takes a second for a large script, off the main thread.
 */
export function compressBest(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? promisify(brotliCompress)(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : promisify(gzip)(body, { level: zlib.Z_BEST_COMPRESSION });
}

/** A body `compress` (or the build) packed in `encoding`, unpacked. */
export function decompress(packed: Buffer, encoding: Encoding): Buffer {
  return encoding === "br" ? brotliDecompressSync(packed) : gunzipSync(packed);
}
