import type { Device } from "@/lib/model/analytics";

/*
 * The kind of device a User-Agent names, for the `device` figure of site_stats. A small regex on
 * the tokens browsers have sent for a decade (the approach of isbot, already a dependency), not a
 * parser library: the only well-kept MIT parser installed, bowser, is a dependency of the AWS SDK,
 * not of the board, and three buckets need no browser or version table.
 *
 * Known limit: iPadOS Safari (since iPadOS 13, "Request Desktop Website" on by default) sends a
 * Mac's User-Agent ("Macintosh; Intel Mac OS X ... Safari", no "iPad", no "Mobile"), so from the
 * User-Agent alone the server cannot tell an iPad from a Mac. The page-view beacon
 * (page-view-script.ts) adds the hint `touch: true` when a browser with a Mac's User-Agent has a
 * touch screen (navigator.maxTouchPoints > 1, which Macs do not have), and such a view counts as a
 * tablet; a view sent without it (a script blocked, an old beacon) still counts as a desktop.
 */

/** Tablets: iPads, Android without "Mobile" (Google's rule for Android tablets), e-readers. */
const TABLET = /\b(iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10))\b|Android(?!.*\bMobile\b)/i;
/** Phones: "Mobi" (Mozilla's advice to sites), iPhones, Windows and BlackBerry phones, Opera Mini. */
const PHONE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile/i;

/** A Mac's User-Agent, which iPadOS Safari sends too. */
const MAC = /\bMacintosh\b/;

/**
 * phone, tablet or desktop (everything else: a computer, a TV, an unknown browser); `touch`, the
 * beacon's hint of a touch screen, makes a Mac's User-Agent an iPad's.
 */
export function deviceOf(userAgent: string, touch = false): Device {
  if (TABLET.test(userAgent)) return "tablet";
  if (PHONE.test(userAgent)) return "phone";
  if (touch && MAC.test(userAgent)) return "tablet";
  return "desktop";
}
