import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import decodeWebp, { init as initWebpDecoder } from "@jsquash/webp/decode.js";
import { encode as encodePng } from "fast-png";

/*
 * A stored logo (WebP, which Satori cannot draw) turned into a PNG data URL, on the card drawer's
 * thread (card-worker.ts). libwebp's decoder as WebAssembly (@jsquash/webp, Squoosh's build) and
 * fast-png's encoder live only in that thread and go with it; sharp, which did this on the
 * serving thread, kept libvips' 9–10 MB of native code mapped in every process that had drawn a
 * card (issue 67). Satori scales the picture to the badge (objectFit: contain).
 */

/**
 * The largest side decoded: logos are stored LOGO_SIZE (256) square, so anything larger did not
 * come from our upload, and decoding it could ask for far more memory than a card needs.
 */
export const LOGO_MAX_DECODED_SIDE = 1024;

/**
 * A WebP's canvas size from its header (RIFF, then a VP8X, VP8 or VP8L chunk), or null when the
 * bytes are not a WebP this reader knows.
 */
export function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 30) return null;
  const text = (at: number, length: number) =>
    String.fromCharCode(...bytes.subarray(at, at + length));
  if (text(0, 4) !== "RIFF" || text(8, 4) !== "WEBP") return null;
  const at = (i: number) => bytes[i]!;
  switch (text(12, 4)) {
    case "VP8X": // 24-bit canvas width and height, each less one
      return {
        width: 1 + (at(24) | (at(25) << 8) | (at(26) << 16)),
        height: 1 + (at(27) | (at(28) << 8) | (at(29) << 16)),
      };
    case "VP8 ": // a key frame's 14-bit width and height after its start code
      if (at(23) !== 0x9d || at(24) !== 0x01 || at(25) !== 0x2a) return null;
      return {
        width: (at(26) | (at(27) << 8)) & 0x3fff,
        height: (at(28) | (at(29) << 8)) & 0x3fff,
      };
    case "VP8L": {
      // After the signature byte: 14 bits of width and 14 of height, each less one.
      if (at(20) !== 0x2f) return null;
      const bits = at(21) | (at(22) << 8) | (at(23) << 16) | (at(24) << 24);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
    }
    default:
      return null;
  }
}

let decoder: Promise<void> | undefined;

/** The decoder's WebAssembly, compiled once per thread from the package's own file. */
function decoderReady(): Promise<void> {
  decoder ??= (async () => {
    const file = createRequire(import.meta.url).resolve("@jsquash/webp/codec/dec/webp_dec.wasm");
    await initWebpDecoder(await WebAssembly.compile(await readFile(file)));
  })();
  return decoder;
}

/**
 * The logo's WebP bytes as a PNG data URL. Throws when they are not a WebP, are larger than
 * LOGO_MAX_DECODED_SIDE on a side, or do not decode.
 */
export async function logoPngDataUrl(webp: Uint8Array): Promise<string> {
  const size = webpSize(webp);
  if (!size) throw new Error("The logo is not a WebP picture");
  if (size.width > LOGO_MAX_DECODED_SIDE || size.height > LOGO_MAX_DECODED_SIDE) {
    throw new Error(`The logo is ${size.width}×${size.height}, larger than a stored logo can be`);
  }
  await decoderReady();
  // The decoder reads an ArrayBuffer of exactly the picture's bytes.
  const picture = await decodeWebp(webp.slice().buffer);
  const png = encodePng({
    width: picture.width,
    height: picture.height,
    data: new Uint8Array(picture.data.buffer, picture.data.byteOffset, picture.data.byteLength),
    channels: 4,
  });
  return `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
}
