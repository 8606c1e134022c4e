/*
 * The board's own traffic figures as the tables store them (lib/server/db/schema/stats.ts):
 * counted on the server from the pages' beacon, without a cookie or a third party, once per
 * visitor per UTC day (features/analytics).
 */

/**
 * What a day's traffic is counted by: everything (`total`, value ""), each page's path, the page
 * a visit landed on, the host (or campaign source) a visit came from, and the kind of device.
 */
export const SITE_STAT_DIMENSIONS = ["total", "page", "landing", "referrer", "device"] as const;
export type SiteStatDimension = (typeof SITE_STAT_DIMENSIONS)[number];

/** The kinds of device counted, read from the User-Agent. */
export const DEVICES = ["desktop", "phone", "tablet"] as const;
export type Device = (typeof DEVICES)[number];

/** A visit with no outside referrer and no campaign: typed in, a bookmark, an app. */
export const DIRECT_SOURCE = "direct";

/**
 * The source of a visit that began in the board's frame on an employer's own careers page
 * (features/embed): the frame is the board's page, but the visitor came from the employer's site.
 */
export const EMBED_SOURCE = "careers page";
