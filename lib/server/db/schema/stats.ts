import { check, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
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
  (t) => [primaryKey({ columns: [t.jobId, t.day] })],
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
