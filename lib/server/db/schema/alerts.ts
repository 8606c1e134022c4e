import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ALERT_FREQUENCY_SLUGS, type AlertFrequency } from "@/lib/model/account";
import { users } from "./users";
import { jobs } from "./jobs";
import { oneOf } from "./checks";

/* Job alerts and saved searches: what each candidate was sent, and the searches they keep. */

/**
 * Jobs already sent to a candidate in an alert digest: no job is sent to them twice, whatever
 * their time zone or frequency changes to, or however often an operator forces a run.
 */
export const alertSentJobs = pgTable(
  "alert_sent_jobs",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.jobId] }),
    // Deleting a job deletes its rows here: without this, each delete would read the table.
    index("alert_sent_jobs_job_idx").on(t.jobId),
  ],
);

/**
 * A search of the board a candidate keeps (issue 29): the job lists' filters as the query string
 * names them (features/jobs/filters.ts, without the paging; null for a filter left out), and how often
 * its new matches are mailed. One per person per search (the words in any case), at most
 * MAX_SAVED_SEARCHES (features/saved-searches/constants.ts) each, which the service keeps.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    q: text("q"),
    department: text("department"),
    region: text("region"),
    type: text("type"),
    salaryMin: integer("salary_min"),
    alertFrequency: text("alert_frequency").$type<AlertFrequency>().notNull(),
    /**
     * When the alert run last claimed it (features/alerts/server/saved-search-alerts.ts): a mail went
     * out then, or nothing was new. Jobs published since are the next mail's; null until the
     * first run, which looks from created_at. alert_sent_jobs keeps any job from going twice.
     */
    alertsSentAt: timestamp("alerts_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One per person per search: the words in any case, a filter left out as one.
    uniqueIndex("saved_searches_user_search_key").on(
      t.userId,
      sql`lower(coalesce(q, ''))`,
      sql`coalesce(department, '')`,
      sql`coalesce(region, '')`,
      sql`coalesce(type, '')`,
      sql`coalesce(salary_min, -1)`,
    ),
    check("saved_searches_alert_frequency_check", oneOf(t.alertFrequency, ALERT_FREQUENCY_SLUGS)),
    check("saved_searches_salary_min_check", sql`${t.salaryMin} is null or ${t.salaryMin} >= 0`),
  ],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;
