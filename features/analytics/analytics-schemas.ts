// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { DEVICES } from "@/lib/model/analytics";
import { single } from "@/lib/validation/fields";

/*
 * What the board learns from itself (issue 65): its traffic, counted by the board without a
 * cookie or a third party; the searches people ran; and the funnel from a live listing to a hire.
 * Browser-safe: /review/analytics and the employer's funnel read these shapes, and server/ makes
 * them. Days are UTC days, `2026-11-23`; a range is inclusive at both ends.
 */

/** `2026-11-23`: a UTC day, as ranges and rows name it. */
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** The longest range one report covers, in days. */
export const ANALYTICS_MAX_DAYS = 366;
/** How many days a report covers when not told: the last 7, today included. */
export const ANALYTICS_DEFAULT_DAYS = 7;
/** The rows a ranked table (pages, sources, searches) shows at most. */
export const ANALYTICS_TOP = 50;

/** What the funnel is split by: a listing's department, region, type, or how it came (typed or imported). */
export const FUNNEL_DIMENSIONS = ["department", "region", "type", "source"] as const;
export type FunnelDimension = (typeof FUNNEL_DIMENSIONS)[number];
/** A listing's source in the funnel: written on the board, or imported from an ATS. */
export const LISTING_SOURCES = ["typed", "imported"] as const;

/** The dashboard's tables, each downloadable as CSV. */
export const ANALYTICS_TABLES = [
  "days",
  "sources",
  "pages",
  "landings",
  "devices",
  "searches",
  "not-found",
  "funnel",
  "audience",
] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];

const day = (which: string) =>
  single(z.string().regex(DAY_PATTERN, `Give the ${which} day as YYYY-MM-DD, like 2026-11-23`));

/** The range's query: both ends optional (the server's default: the last 7 days). */
export const analyticsRangeQuery = { from: day("first"), to: day("last") };

export const analyticsQuerySchema = z.strictObject({
  ...analyticsRangeQuery,
  by: single(z.enum(FUNNEL_DIMENSIONS, "Choose department, region, type or source")).default(
    "department",
  ),
});

export const analyticsCsvQuerySchema = z.strictObject({
  ...analyticsRangeQuery,
  by: single(z.enum(FUNNEL_DIMENSIONS, "Choose department, region, type or source")).default(
    "department",
  ),
  table: single(z.enum(ANALYTICS_TABLES, "Choose one of the dashboard's tables")),
});

const count = z.int().min(0);
const range = z.strictObject({ from: z.string(), to: z.string() });

/** A figure for the range, and for the period of the same length just before it. */
const compared = z.strictObject({ current: count, previous: count });

export const trafficDaySchema = z.strictObject({ day: z.string(), visitors: count, views: count });
/** A ranked row: a page's path, a source's host (or "direct"), a landing page, a device. */
export const rankedRowSchema = z.strictObject({
  value: z.string(),
  views: count,
  visitors: count,
  /** The same value's visitors in the previous period. */
  previous_visitors: count,
});

export const trafficReportSchema = z.strictObject({
  range,
  previous: range,
  visitors: compared,
  views: compared,
  /** Visits: arrivals from outside the board (a landing), each visitor's once a day per page. */
  visits: compared,
  days: z.array(trafficDaySchema),
  sources: z.array(rankedRowSchema),
  pages: z.array(rankedRowSchema),
  landings: z.array(rankedRowSchema),
  devices: z.array(rankedRowSchema.extend({ value: z.enum(DEVICES) })),
});
export type TrafficReport = z.infer<typeof trafficReportSchema>;

export const searchRowSchema = z.strictObject({
  term: z.string(),
  searches: count,
  visitors: count,
  /** How many of its searches found nothing. */
  zero_results: count,
  /** How many results its latest search found. */
  results: count,
});
export const searchReportSchema = z.strictObject({
  range,
  searches: compared,
  /** The most frequent searches. */
  top: z.array(searchRowSchema),
  /** The most frequent searches whose latest run found nothing: what candidates want and the board lacks. */
  not_found: z.array(searchRowSchema),
});
export type SearchReport = z.infer<typeof searchReportSchema>;

/** One group's funnel: listings live in the range → views → apply clicks and applications → interviews → hires. */
export const funnelRowSchema = z.strictObject({
  /** The department's, region's or type's slug, or "typed"/"imported"; "" for the whole board. */
  key: z.string(),
  label: z.string(),
  listings: count,
  views: count,
  apply_clicks: count,
  applications: count,
  interviews: count,
  hires: count,
  /** The median, over the group's listings that received one, of days from publishing to the first application. */
  median_days_to_first_application: z.number().min(0).nullable(),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;

export const funnelReportSchema = z.strictObject({
  range,
  by: z.enum(FUNNEL_DIMENSIONS),
  rows: z.array(funnelRowSchema),
  total: funnelRowSchema,
});
export type FunnelReport = z.infer<typeof funnelReportSchema>;

/** Job alerts and saved searches over time: new in each day, and how many were active at its end. */
export const audienceDaySchema = z.strictObject({
  day: z.string(),
  new_alerts: count,
  alerts: count,
  new_saved_searches: count,
  saved_searches: count,
  /** The newsletter's confirmed subscribers at the day's end (issue 66). */
  subscribers: count,
});
export const audienceReportSchema = z.strictObject({
  range,
  days: z.array(audienceDaySchema),
});
export type AudienceReport = z.infer<typeof audienceReportSchema>;

/** The owner's dashboard in one answer (GET /api/moderation/analytics). */
export const analyticsReportSchema = z.strictObject({
  traffic: trafficReportSchema,
  searches: searchReportSchema,
  funnel: funnelReportSchema,
  audience: audienceReportSchema,
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

/** The employer's funnel (GET /api/companies/{companyId}/funnel): theirs beside the board's. */
export const employerFunnelRowSchema = funnelRowSchema.extend({
  /** The board's median for the same department over the range, per listing: views, applications. */
  board_median_views: z.number().min(0).nullable(),
  board_median_applications: z.number().min(0).nullable(),
  board_median_days_to_first_application: z.number().min(0).nullable(),
});
export const employerFunnelSchema = z.strictObject({
  range,
  /** The company's listings together. */
  company: funnelRowSchema,
  /** Each listing live in the range (`key` its id), with the board's median for its department. */
  listings: z.array(employerFunnelRowSchema),
  /** Where its applicants came from: an outside host or campaign, "direct", "unknown". */
  sources: z.array(z.strictObject({ source: z.string(), applications: count })),
});
export type EmployerFunnel = z.infer<typeof employerFunnelSchema>;

/** The longest search term counted, in characters; a longer one is cut. */
export const SEARCH_TERM_MAX = 100;

/** What a page sends about its own view (POST /api/stats/views): nothing about the visitor. */
export const pageViewSchema = z.strictObject({
  /** The page's path and query as the address bar has it (`/departments/design?q=video`). */
  path: z.string().min(1).max(2_000).startsWith("/", "Give the page's path, starting with /"),
  /** document.referrer: only its host is kept, and only when it is another site's. */
  referrer: z.string().max(2_000).optional(),
  /** On a search page: the results it found (its term is read from the path's `q`). */
  results: z.int().min(0).max(100_000_000).optional(),
  /**
   * Sent (true) by a browser with a Mac's User-Agent and a touch screen: an iPad, whose Safari
   * says it is a Mac (server/device.ts); counted as a tablet.
   */
  touch: z.boolean().optional(),
});
export const pageViewReceiptSchema = z.strictObject({ counted: z.boolean() });
