// @vitest-environment node
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LOGO_MAX_DECODED_SIDE, logoPngDataUrl, webpSize } from "@/features/og/server/logo-png";

/*
 * A stored logo (WebP) turned into the PNG a social card draws, on the card drawer's thread,
 * without sharp (features/og/server/logo-png.ts). sharp makes the pictures here and reads the
 * PNGs back: each WebP flavour the header reader must know, and pictures it must refuse.
 */

const block = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 90, alpha } } });

describe("webpSize", () => {
  it("reads the size of lossy, lossless and extended (alpha) WebP pictures", async () => {
    const lossy = await block(300, 200).webp({ quality: 80 }).toBuffer();
    const lossless = await block(257, 31).webp({ lossless: true }).toBuffer();
    const extended = await block(256, 256, 0.5).webp().toBuffer();
    expect(String.fromCharCode(...lossy.subarray(12, 16))).toBe("VP8 ");
    expect(String.fromCharCode(...lossless.subarray(12, 16))).toBe("VP8L");
    expect(String.fromCharCode(...extended.subarray(12, 16))).toBe("VP8X");
    expect(webpSize(lossy)).toEqual({ width: 300, height: 200 });
    expect(webpSize(lossless)).toEqual({ width: 257, height: 31 });
    expect(webpSize(extended)).toEqual({ width: 256, height: 256 });
  });

  it("answers null for what is not a WebP", async () => {
    expect(webpSize(await block(10, 10).png().toBuffer())).toBeNull();
    expect(webpSize(new Uint8Array(8))).toBeNull();
    expect(
      webpSize(new TextEncoder().encode("RIFF....WEBPVP8Z and some more bytes here")),
    ).toBeNull();
  });
});

describe("logoPngDataUrl", () => {
  it("turns a stored logo into a PNG of the same size and colours, alpha kept", async () => {
    const webp = await block(256, 128, 0.5).webp({ lossless: true }).toBuffer();
    const url = await logoPngDataUrl(webp);
    expect(url.startsWith("data:image/png;base64,")).toBe(true);
    const png = Buffer.from(url.slice("data:image/png;base64,".length), "base64");
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([256, 128, 4]);
    expect([...data.subarray(0, 4)]).toEqual([200, 30, 90, 128]);
  });

  it("refuses a picture larger than a stored logo can be, before decoding it", async () => {
    const wide = await block(LOGO_MAX_DECODED_SIDE + 1, 8)
      .webp()
      .toBuffer();
    await expect(logoPngDataUrl(wide)).rejects.toThrow(/larger than a stored logo/);
  });

  it("refuses bytes that are not a WebP, or whose picture data is not", async () => {
    await expect(logoPngDataUrl(await block(16, 16).png().toBuffer())).rejects.toThrow(
      /not a WebP/,
    );
    // A VP8 header whose picture data is zeros: libwebp refuses it (a picture merely cut short
    // is drawn as far as it goes, which is harmless).
    const lossy = await block(64, 64).webp().toBuffer();
    const broken = Buffer.concat([lossy.subarray(0, 30), Buffer.alloc(400)]);
    await expect(logoPngDataUrl(broken)).rejects.toThrow(/Decoding error/);
  });
});
