import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { SITE_STAT_DIMENSIONS, type SiteStatDimension } from "@/lib/model/analytics";
import { oneOf } from "./checks";
import { jobs } from "./jobs";

/* Listings' statistics, counted without personal data. */

/**
 * A listing's figures, one row per listing per UTC day: counted on the server, without any
 * personal data (features/listings/server).
 */
export const listingStats = pgTable(
  "listing_stats",
  {
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    applyClicks: integer("apply_clicks").notNull().default(0),
    saves: integer("saves").notNull().default(0),
    notInterested: integer("not_interested").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.day] }),
    // A day's rows of every listing: the funnel's roll-up of a day, and today's part of a report
    // (features/analytics/server/funnel-daily.ts).
    index("listing_stats_day_idx").on(t.day),
  ],
);

/**
 * Which visitors were already counted today, so a repeat view counts once: each row is a hash
 * of the day's random salt, the visitor's address and browser, the listing and the event. The
 * salt is deleted after its day, and these rows with it, so no row can be traced to anyone.
 */
export const statsVisitors = pgTable(
  "stats_visitors",
  {
    day: date("day", { mode: "string" }).notNull(),
    mark: text("mark").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.mark] })],
);

/**
 * The board's traffic, rolled up: one row per UTC day per dimension and value (a page's path, a
 * referrer's host, a device), with its page views and its visitors (each counted once that day,
 * through stats_visitors). The dashboards read only these rows, so their cost follows the days
 * and values shown, not the traffic.
 */
export const siteStats = pgTable(
  "site_stats",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").$type<SiteStatDimension>().notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dimension, t.value] }),
    check("site_stats_dimension_check", oneOf(t.dimension, SITE_STAT_DIMENSIONS)),
  ],
);

/**
 * The searches people ran on the board, rolled up per UTC day per term (normalised: lower case,
 * single spaces): how often, by how many visitors, how many found nothing, and how many results
 * the last one found.
 */
export const searchStats = pgTable(
  "search_stats",
  {
    day: date("day", { mode: "string" }).notNull(),
    term: text("term").notNull(),
    searches: integer("searches").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
    zeroResults: integer("zero_results").notNull().default(0),
    results: integer("results").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.term] })],
);

/**
 * The funnel from a live listing to a hire, rolled up per UTC day and per value of one dimension
 * of listings (department, region, type, or source: typed on the board or imported from an ATS;
 * the other three ''), built once a day is over (features/analytics/server/funnel-daily.ts,
 * which states each figure's meaning).
 * Every figure adds up over days, so a range's figures are sums of its days': the listings live
 * in [a, b] are live_at_start of a plus those published on each day of it, and the median days
 * to a first application is taken over the days' first_days together.
 */
export const funnelDaily = pgTable(
  "funnel_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    department: text("department").notNull(),
    region: text("region").notNull(),
    type: text("type").notNull(),
    source: text("source").$type<"" | "typed" | "imported">().notNull(),
    /** Listings published that day (and not ended before it). */
    published: integer("published").notNull().default(0),
    /** Listings live as the day began: published before it, not ended before it. */
    liveAtStart: integer("live_at_start").notNull().default(0),
    views: integer("views").notNull().default(0),
    applyClicks: integer("apply_clicks").notNull().default(0),
    applications: integer("applications").notNull().default(0),
    interviews: integer("interviews").notNull().default(0),
    hires: integer("hires").notNull().default(0),
    /** Days from publishing to the first application, of each listing whose first came that day. */
    firstDays: doublePrecision("first_days")
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.department, t.region, t.type, t.source] }),
    check("funnel_daily_source_check", oneOf(t.source, ["", "typed", "imported"])),
  ],
);

/**
 * The days funnel_daily holds, each with when it was built: a day with no listing has no rows
 * there, and is still built. A report computes the days not built yet from the raw rows.
 */
export const funnelDays = pgTable("funnel_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  builtAt: timestamp("built_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The board's saved searches and job alerts as they stood at the end of each finished UTC day,
 * taken within the hour after it (features/analytics/server/audience.ts): a search deleted or an
 * alert switched off later no longer changes the days before. Days before the first snapshot are
 * read from the rows as they are now.
 */
export const audienceDays = pgTable("audience_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  alerts: integer("alerts").notNull(),
  savedSearches: integer("saved_searches").notNull(),
  /** Confirmed newsletter subscribers at the day's end (issue 66; 0 before migration 0057). */
  subscribers: integer("subscribers").notNull().default(0),
  takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The board's median listing per department over the last 7, 30, 90 and 365 days to the end of
 * the last finished day (`through`): each live listing's views and applications in the window,
 * their medians. Computed once a day by the hourly funnel-daily task
 * (features/analytics/server/department-medians.ts), since no sum of days gives a median of each
 * listing's own totals; an employer's funnel reads it beside their listings.
 */
export const departmentMedians = pgTable(
  "department_medians",
  {
    windowDays: integer("window_days").notNull(),
    department: text("department").notNull(),
    through: date("through", { mode: "string" }).notNull(),
    listings: integer("listings").notNull(),
    views: doublePrecision("views"),
    applications: doublePrecision("applications"),
  },
  (t) => [primaryKey({ columns: [t.windowDays, t.department] })],
);
