import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
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
