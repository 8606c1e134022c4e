import { createHash } from "node:crypto";
import type { Metadata } from "sharp";
import { LOGO_MAX_BYTES, LOGO_SIZE } from "@/lib/logos/logos";
import { InvalidInput } from "@/lib/server/errors";
import { loadSharp } from "@/lib/server/images/sharp";

/** The formats an upload may be in, as sharp names them from the bytes themselves. */
const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp"]);
/** The most pixels an upload may have on either side. */
export const LOGO_MAX_SIDE = 4000;

const refuse = (message: string) => new InvalidInput({ logo: [message] });

export const LOGO_MESSAGES = {
  tooLarge: `The logo is larger than ${LOGO_MAX_BYTES / 1024 / 1024} MB: send a smaller file`,
  empty: "Choose an image file for the logo",
  format: "The logo must be a PNG, JPEG or WebP image",
  unreadable: "The logo is not an image we can read: send a PNG, JPEG or WebP file",
  tooManyPixels: `The logo is larger than ${LOGO_MAX_SIDE}×${LOGO_MAX_SIDE} pixels: send a smaller image`,
} as const;

/** An encoded logo and the name it is stored under. */
export type EncodedLogo = { name: string; bytes: Buffer };

/**
 * An uploaded logo checked and re-encoded: a PNG, JPEG or WebP (decided by its bytes, not by
 * what the request said it was) of at most 1 MB and 4000 pixels a side, turned upright, fitted
 * whole into a transparent LOGO_SIZE square and written as WebP without any of its metadata.
 * Anything else is a 422 on `logo`. The name is the SHA-256 of the encoded bytes.
 */
export async function encodeLogo(upload: Buffer): Promise<EncodedLogo> {
  if (upload.length === 0) throw refuse(LOGO_MESSAGES.empty);
  if (upload.length > LOGO_MAX_BYTES) throw refuse(LOGO_MESSAGES.tooLarge);
  const options = { limitInputPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE, failOn: "error" } as const;
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // The header only: its size is checked here, before any pixel is decoded.
    metadata = await sharp(upload, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw refuse(LOGO_MESSAGES.unreadable);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format))
    throw refuse(LOGO_MESSAGES.format);
  if (
    !metadata.width ||
    !metadata.height ||
    metadata.width > LOGO_MAX_SIDE ||
    metadata.height > LOGO_MAX_SIDE
  ) {
    throw refuse(LOGO_MESSAGES.tooManyPixels);
  }
  let bytes: Buffer;
  try {
    bytes = await sharp(upload, options)
      .rotate()
      .resize(LOGO_SIZE, LOGO_SIZE, {
        fit: "contain",
        background: { r: 255, g: 255, b: 255, alpha: 0 },
      })
      .webp({ quality: 90, alphaQuality: 100, effort: 4 })
      .toBuffer();
  } catch {
    // The header read, but the pixels do not (a truncated or damaged file).
    throw refuse(LOGO_MESSAGES.unreadable);
  }
  const name = `${createHash("sha256").update(bytes).digest("hex")}.webp`;
  return { name, bytes };
}
