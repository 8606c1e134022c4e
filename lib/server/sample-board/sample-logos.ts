import { logoPath } from "@/lib/logos/logos";
import { loadSharp } from "../images/sharp";
import { encodeLogo, type EncodedLogo } from "@/features/companies/server/logo-image";
import type { LogoStore } from "@/features/companies/server/logo-store";
import { filePool } from "../storage/file-store";
import { monogramKey, monogramSvg, type Monogram } from "./monogram";

/**
 * A monogram as the PNG an employer might upload: the SVG drawn by sharp. Uploads may not be
 * SVG, so the seed hands encodeLogo this PNG, exactly as the upload route would.
 */
export async function monogramPng(monogram: Monogram): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(monogramSvg(monogram)))
    .png()
    .toBuffer();
}

// Each distinct picture is encoded once per process: tests seed many boards, and every seed
// after the first finds its pictures here. A failed encoding is forgotten, to be tried again.
const encoded = new Map<string, Promise<EncodedLogo>>();

function encodedMonogram(monogram: Monogram): Promise<EncodedLogo> {
  const key = monogramKey(monogram);
  let logo = encoded.get(key);
  if (!logo) {
    logo = monogramPng(monogram).then(encodeLogo);
    logo.catch(() => encoded.delete(key));
    encoded.set(key, logo);
  }
  return logo;
}

/**
 * The sample companies' logos stored as uploads are (encodeLogo, then the store), one file per
 * distinct picture however many companies show it. Answers each picture's address by its key.
 */
export async function storeSampleLogos(
  monograms: readonly (Monogram | null)[],
  store: LogoStore,
): Promise<Map<string, string>> {
  const distinct = new Map<string, Monogram>();
  for (const monogram of monograms) if (monogram) distinct.set(monogramKey(monogram), monogram);
  const pool = filePool();
  const stored = await Promise.all(
    [...distinct].map(([key, monogram]) =>
      pool(async () => {
        const logo = await encodedMonogram(monogram);
        await store.put(logo.name, logo.bytes);
        return [key, logoPath(logo.name)] as const;
      }),
    ),
  );
  return new Map(stored);
}
