import { promisify } from "node:util";
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompressSync,
  constants as zlib,
  crc32,
  createBrotliCompress,
  createDeflateRaw,
  createGzip,
  gzip,
  gzipSync,
  gunzipSync,
} from "node:zlib";

export type Encoding = "br" | "gzip";

/** The encodings a server may send, in the order it prefers them when a client takes both. */
const BY_PREFERENCE: Record<Effort, readonly Encoding[]> = {
  // Brotli is about a tenth smaller than gzip at the same work.
  thorough: ["br", "gzip"],
  // gzip from a kept compressor costs a third of brotli 3 made afresh, for fewer bytes (KeptGzip).
  quick: ["gzip", "br"],
};

/** Smaller answers gain nothing worth the work (and the Vary) of compressing them. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * br or gzip if the client accepts it, else null. A q of 0 means "not this one"; `*` stands
 * for every encoding not named. Of two the client weighs alike, the one that serves `effort`
 * best: br for a copy compressed thoroughly and kept, gzip for one compressed quickly and sent
 * once.
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  effort: Effort = "thorough",
): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (encoding: Encoding) => weights.get(encoding) ?? weights.get("*") ?? 0;
  // The client's higher q first; of two it weighs alike, the one that serves `effort` best.
  const [first, second] = BY_PREFERENCE[effort] as [Encoding, Encoding];
  const chosen = weight(second) > weight(first) ? second : first;
  return weight(chosen) > 0 ? chosen : null;
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
 * answer, a page on its first visit): gzip from the kept compressor when the client takes it
 * (preferredEncoding), else brotli 3. "thorough" is for a stored page that is served again (the
 * page cache upgrades its copy on the second visit): brotli 5, smaller than gzip for about what
 * gzip's default level costs in a fresh compressor; the higher qualities cost tens of
 * milliseconds a page, too much per request. gzip comes from a kept compressor at either effort.
 */
export type Effort = "quick" | "thorough";

/**
 * gzip's default level: in a kept compressor 0.4–0.5 ms for a 43–52 kB results page, whose
 * bytes come out about 5% under brotli 3's; level 1 takes 0.13–0.16 ms for 5% over them.
 */
const GZIP_LEVEL = 6;

const LEVELS: Record<Effort, Record<Encoding, number>> = {
  quick: { br: 3, gzip: GZIP_LEVEL },
  thorough: { br: 5, gzip: GZIP_LEVEL },
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
    : (keptGzip.gzip(body) ?? gzipSync(body, { level }));
}

/*
 * Why gzip keeps its compressor. Node's one-shot calls (gzipSync, brotliCompressSync) set up a
 * compressor for each answer and free it after: about 256 kB of tables for gzip, more for
 * brotli. Under npm start's malloc settings (MALLOC_MMAP_THRESHOLD_=32768, docs/deployment.md)
 * blocks that large are mapped on their own, so every answer mapped, faulted in and unmapped
 * them: on a 31 kB results page brotli 3 took 1.29 ms and gzip 1 1.04 ms, against 0.28 and
 * 0.13 ms without those settings (docs/performance.md, the eleventh pass).
 *
 * KeptGzip keeps one raw-deflate stream for the life of the process and ends each answer with a
 * full flush (Z_FULL_FLUSH), which empties zlib's history: what follows can refer to nothing
 * before it, so each answer's output stands alone. Framed as a gzip member (RFC 1952: a 10-byte
 * header; the deflate blocks; a final empty block; the CRC-32 and length of the body) it is an
 * ordinary gzip body any client unpacks. Brotli has no such flush (its encoder cannot start a new
 * stream without being made again), so it stays one-shot.
 *
 * Node has no public call that compresses synchronously without closing the stream, so this
 * drives the stream's native handle the way Node's own zlib.js does (`_handle.writeSync` and
 * `_writeState`). Where those are missing or fail, `gzip` answers undefined and `compress` uses
 * gzipSync; tests/server/compression.test.ts fails if the kept path is not taken.
 */

type DeflateInternals = {
  _handle?: {
    writeSync?: (
      flush: number,
      input: Buffer,
      inOffset: number,
      inLength: number,
      output: Buffer,
      outOffset: number,
      outLength: number,
    ) => void;
  } | null;
  _writeState?: Uint32Array;
};

/** A gzip header: deflate, no name or time, unknown OS (RFC 1952, 2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A final, empty deflate block with fixed codes (BFINAL 1, BTYPE 01, end of block). */
const FINAL_BLOCK = [0x03, 0x00];

class KeptGzip {
  private stream: ReturnType<typeof createDeflateRaw> | undefined;
  private failed = false;
  /** Where each answer's blocks are written before they are copied out; kept, like the tables. */
  private readonly out = Buffer.allocUnsafeSlow(64 * 1024);

  constructor(private readonly level: number) {}

  /** `body` as one gzip member, or undefined when the kept stream cannot be used. */
  gzip(body: Buffer): Buffer | undefined {
    const blocks = this.deflate(body);
    if (!blocks) return undefined;
    const trailer = Buffer.alloc(10);
    trailer.set(FINAL_BLOCK, 0);
    trailer.writeUInt32LE(crc32(body), 2);
    trailer.writeUInt32LE(body.length % 2 ** 32, 6);
    return Buffer.concat([GZIP_HEADER, ...blocks, trailer]);
  }

  /** Whether the last call used the kept stream (for the tests). */
  get kept(): boolean {
    return this.stream !== undefined && !this.failed;
  }

  private deflate(body: Buffer): Buffer[] | undefined {
    if (this.failed) return undefined;
    try {
      const stream = (this.stream ??= this.open());
      const { _handle: handle, _writeState: state } = stream as unknown as DeflateInternals;
      if (!handle?.writeSync || !state || stream.destroyed) throw new Error("no zlib handle");
      const blocks: Buffer[] = [];
      let inOffset = 0;
      let inLeft = body.length;
      for (;;) {
        handle.writeSync(zlib.Z_FULL_FLUSH, body, inOffset, inLeft, this.out, 0, this.out.length);
        if (stream.destroyed) throw new Error("zlib failed");
        const [outLeft = 0, inAfter = 0] = state;
        blocks.push(Buffer.from(this.out.subarray(0, this.out.length - outLeft)));
        inOffset += inLeft - inAfter;
        inLeft = inAfter;
        // zlib has finished the flush when it leaves room in the output.
        if (outLeft > 0) return blocks;
      }
    } catch {
      this.stream?.destroy();
      this.stream = undefined;
      this.failed = true;
      return undefined;
    }
  }

  private open() {
    const stream = createDeflateRaw({ level: this.level });
    // zlib reports a failure as an error event (and destroys the stream); deflate() sees it.
    stream.on("error", () => {});
    return stream;
  }
}

const keptGzip = new KeptGzip(GZIP_LEVEL);

/** Whether gzip answers come from the kept compressor (false once it has failed). */
export function gzipIsKept(): boolean {
  return keptGzip.kept;
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
