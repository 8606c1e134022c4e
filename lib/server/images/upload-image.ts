import { createHash } from "node:crypto";
import type { Metadata, Sharp } from "sharp";
import { InvalidInput } from "@/lib/server/errors";
import { loadSharp } from "./sharp";

/*
 * An uploaded picture checked and re-encoded, the one way every upload of a picture is (company
 * logos, features/companies/server/logo-image.ts; the blog's covers and pictures,
 * features/content/server/post-images.ts): a PNG, JPEG or WebP decided by its bytes, not by
 * what the request said it was, within a size in bytes and in pixels a side, turned upright,
 * resized as its caller says and written as WebP without any of its metadata. Anything else is a
 * 422 on the caller's field. The name is the SHA-256 of the encoded bytes.
 */

/** The formats an upload may be in, as sharp names them from the bytes themselves. */
const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp"]);

/** What a refused upload is told, on the caller's field. */
export type UploadMessages = {
  tooLarge: string;
  empty: string;
  format: string;
  unreadable: string;
  tooManyPixels: string;
};

/** The messages for an upload called `noun` ("logo", "image"). */
export const uploadMessages = (
  noun: string,
  maxBytes: number,
  maxSide: number,
): UploadMessages => ({
  tooLarge: `The ${noun} is larger than ${maxBytes / 1024 / 1024} MB: send a smaller file`,
  empty: `Choose an image file for the ${noun}`,
  format: `The ${noun} must be a PNG, JPEG or WebP image`,
  unreadable: `The ${noun} is not an image we can read: send a PNG, JPEG or WebP file`,
  tooManyPixels: `The ${noun} is larger than ${maxSide}×${maxSide} pixels: send a smaller image`,
});

export type UploadRules = {
  /** The field a refusal is on (422 `errors`). */
  field: string;
  maxBytes: number;
  /** The most pixels the upload may have on either side. */
  maxSide: number;
  messages: UploadMessages;
  /** The decoded, upright picture resized and encoded (to WebP). */
  encode: (image: Sharp) => Sharp;
};

/** An encoded picture and the name it is stored under. */
export type EncodedImage = { name: string; bytes: Buffer; width: number; height: number };

export async function encodeUpload(upload: Buffer, rules: UploadRules): Promise<EncodedImage> {
  const refuse = (message: string) => new InvalidInput({ [rules.field]: [message] });
  const { messages, maxSide } = rules;
  if (upload.length === 0) throw refuse(messages.empty);
  if (upload.length > rules.maxBytes) throw refuse(messages.tooLarge);
  const options = { limitInputPixels: maxSide * maxSide, failOn: "error" } as const;
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // The header only: its size is checked here, before any pixel is decoded.
    metadata = await sharp(upload, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw refuse(messages.unreadable);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw refuse(messages.format);
  if (
    !metadata.width ||
    !metadata.height ||
    metadata.width > maxSide ||
    metadata.height > maxSide
  ) {
    throw refuse(messages.tooManyPixels);
  }
  let encoded: { data: Buffer; info: { width: number; height: number } };
  try {
    encoded = await rules
      .encode(sharp(upload, options).rotate())
      .toBuffer({ resolveWithObject: true });
  } catch {
    // The header read, but the pixels do not (a truncated or damaged file).
    throw refuse(messages.unreadable);
  }
  const name = `${createHash("sha256").update(encoded.data).digest("hex")}.webp`;
  return { name, bytes: encoded.data, width: encoded.info.width, height: encoded.info.height };
}
