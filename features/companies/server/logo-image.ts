import { LOGO_MAX_BYTES, LOGO_SIZE } from "@/lib/logos/logos";
import { encodeUpload, uploadMessages } from "@/lib/server/images/upload-image";

/** The most pixels an upload may have on either side. */
export const LOGO_MAX_SIDE = 4000;

export const LOGO_MESSAGES = uploadMessages("logo", LOGO_MAX_BYTES, LOGO_MAX_SIDE);

/** An encoded logo and the name it is stored under. */
export type EncodedLogo = { name: string; bytes: Buffer };

/**
 * An uploaded logo checked and re-encoded (lib/server/images/upload-image.ts): a PNG, JPEG or
 * WebP of at most 1 MB and 4000 pixels a side, turned upright, fitted whole into a transparent
 * LOGO_SIZE square and written as WebP without any of its metadata. Anything else is a 422 on
 * `logo`. The name is the SHA-256 of the encoded bytes.
 */
export async function encodeLogo(upload: Buffer): Promise<EncodedLogo> {
  const { name, bytes } = await encodeUpload(upload, {
    field: "logo",
    maxBytes: LOGO_MAX_BYTES,
    maxSide: LOGO_MAX_SIDE,
    messages: LOGO_MESSAGES,
    encode: (image) =>
      image
        .resize(LOGO_SIZE, LOGO_SIZE, {
          fit: "contain",
          background: { r: 255, g: 255, b: 255, alpha: 0 },
        })
        .webp({ quality: 90, alphaQuality: 100, effort: 4 }),
  });
  return { name, bytes };
}
