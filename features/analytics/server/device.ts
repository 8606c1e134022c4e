import type { Device } from "@/lib/model/analytics";

/*
 * The kind of device a User-Agent names, for the `device` figure of site_stats. A small regex on
 * the tokens browsers have sent for a decade (the approach of isbot, already a dependency), not a
 * parser library: the only well-kept MIT parser installed, bowser, is a dependency of the AWS SDK,
 * not of the board, and three buckets need no browser or version table. Known limit: iPadOS
 * Safari sends a Mac's User-Agent by default, and counts as a desktop.
 */

/** Tablets: iPads, Android without "Mobile" (Google's rule for Android tablets), e-readers. */
const TABLET = /\b(iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10))\b|Android(?!.*\bMobile\b)/i;
/** Phones: "Mobi" (Mozilla's advice to sites), iPhones, Windows and BlackBerry phones, Opera Mini. */
const PHONE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile/i;

/** phone, tablet or desktop (everything else: a computer, a TV, an unknown browser). */
export function deviceOf(userAgent: string): Device {
  if (TABLET.test(userAgent)) return "tablet";
  if (PHONE.test(userAgent)) return "phone";
  return "desktop";
}
