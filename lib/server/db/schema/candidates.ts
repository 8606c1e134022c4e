import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import {
  ALERT_FREQUENCY_SLUGS,
  APPLICATION_STATUS_SLUGS,
  type AlertFrequency,
  type ApplicationStatus,
} from "@/lib/model/account";
import { users } from "./users";
import { jobs } from "./jobs";
import { oneOf } from "./checks";

/*
 * A candidate's own lists: preferences, saved and not-interested jobs, the applications they
 * track.
 */

/** A candidate's job-search preferences: they pick /jobs recommendations and job alerts. */
export const preferences = pgTable(
  "preferences",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    departments: text("departments")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    regions: text("regions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    types: text("types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    salaryMin: integer("salary_min"),
    remoteOnly: boolean("remote_only").notNull().default(false),
    alertFrequency: text("alert_frequency").$type<AlertFrequency>().notNull().default("weekly"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The candidate's IANA time zone ("Europe/Lisbon"), from their browser when they save the
     * form: alerts go out at 8:00 there (features/alerts/server/digest-schedule.ts).
     */
    timeZone: text("time_zone").notNull().default("UTC"),
    /**
     * When the alert run last claimed them: a digest went out then, or there was nothing new.
     * Jobs published since are the next digest's; null until the first run.
     */
    alertsSentAt: timestamp("alerts_sent_at", { withTimezone: true }),
  },
  (t) => [
    check("preferences_alert_frequency_check", oneOf(t.alertFrequency, ALERT_FREQUENCY_SLUGS)),
    check("preferences_salary_min_check", sql`${t.salaryMin} is null or ${t.salaryMin} >= 0`),
  ],
);

const jobMarkColumns = () => ({
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  jobId: integer("job_id")
    .notNull()
    .references(() => jobs.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Saved ("favorite") jobs. */
export const favorites = pgTable("favorites", jobMarkColumns(), (t) => [
  primaryKey({ columns: [t.userId, t.jobId] }),
  index("favorites_user_created_idx").on(t.userId, t.createdAt),
]);

/** Jobs marked not interested: hidden from the candidate's lists until they undo it. */
export const rejections = pgTable("rejections", jobMarkColumns(), (t) => [
  primaryKey({ columns: [t.userId, t.jobId] }),
  index("rejections_user_created_idx").on(t.userId, t.createdAt),
]);

/** Jobs the candidate applied to, and where each application stands. */
export const applications = pgTable(
  "applications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ...jobMarkColumns(),
    status: text("status").$type<ApplicationStatus>().notNull().default("applied"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the candidate was told that the job, imported from its company's ATS, closed there
     * (issue 46): once. They applied on the ATS, so only they know where it stands; the board
     * knows the job is gone.
     */
    closedNoticeAt: timestamp("closed_notice_at", { withTimezone: true }),
  },
  (t) => [
    unique("applications_user_job_key").on(t.userId, t.jobId),
    index("applications_user_updated_idx").on(t.userId, t.updatedAt),
    check("applications_status_check", oneOf(t.status, APPLICATION_STATUS_SLUGS)),
  ],
);

export type PreferencesRow = typeof preferences.$inferSelect;
export type NewPreferences = typeof preferences.$inferInsert;
export type ApplicationRow = typeof applications.$inferSelect;
