import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ATS_KINDS, type AtsKind } from "@/lib/model/companies";
import {
  SOURCE_STATUSES,
  type SourceReport,
  type SourceRulesJson,
  type SourceStatus,
} from "@/lib/model/imports";
import type { ListingPlanId } from "@/lib/model/billing";
import { listingPlans } from "./offer";
import { companies, jobs } from "./jobs";
import { users } from "./users";
import { oneOf } from "./checks";

/*
 * Jobs that arrive by themselves (issue 46): a company's public board on an applicant tracking
 * system, read on the queue every hour, and each job of it as the board keeps it in step.
 */

/**
 * One ATS board a company's jobs are read from: the company's claim to it. A board is claimed,
 * not grabbed (issue 60): several companies may claim one board while their claims wait for a
 * moderator, who sees what supports each; the approved claim holds (unique on its kind and
 * normalised name among approved sources), and the others are paused. A company claims a board
 * once.
 */
export const atsSources = pgTable(
  "ats_sources",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ats: text("ats").$type<AtsKind>().notNull(),
    /** Normalised (features/imports/ats.ts normaliseBoard): the key, with `ats`. */
    board: text("board").notNull(),
    /** The plan its new listings are posted on; a paid one spends a credit each, while any last. */
    plan: text("plan")
      .$type<ListingPlanId>()
      .notNull()
      .default("standard")
      .references(() => listingPlans.slug),
    /** Which jobs to take and how its words map to the board's (features/imports/server/map-job.ts). */
    rules: jsonb("rules").$type<SourceRulesJson>().notNull(),
    status: text("status").$type<SourceStatus>().notNull().default("active"),
    /** Why it is paused, in plain words (three failed runs, or a moderator's reason). */
    pausedReason: text("paused_reason"),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    /** The member who connected it; null when a moderator added it (backfill) or they left. */
    addedBy: integer("added_by").references(() => users.id, { onDelete: "set null" }),
    /** A moderator who added it for a company with no account yet (its e-mail, as text). */
    addedByModerator: text("added_by_moderator"),
    /**
     * When a moderator approved its first import: until then its listings wait in review; after,
     * new and changed jobs go live without review, as an employer's own minor edit does.
     */
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by"),
    /** When the scheduler next queues a run: an hour after the last, with a few minutes' jitter. */
    nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    /** Runs failed in a row; three pause it. */
    failures: integer("failures").notNull().default(0),
    lastError: text("last_error"),
    /** For a conditional request next time, where the ATS answers them. */
    etag: text("etag"),
    lastModified: text("last_modified"),
    /** sha256 of the last answer read: the same answer again changes nothing. */
    bodyHash: text("body_hash"),
    /** What the last run did (added, changed, ended, skipped and why). */
    lastReport: jsonb("last_report").$type<SourceReport>(),
    /** What the board calls its company, as the ATS answered when it was claimed. */
    atsCompanyName: text("ats_company_name"),
    /** The site the board's job pages are on, when not the ATS's own (the company's domain). */
    atsSite: text("ats_site"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("ats_sources_company_board_key").on(t.companyId, t.ats, t.board),
    uniqueIndex("ats_sources_approved_board_key")
      .on(t.ats, t.board)
      .where(sql`reviewed_at is not null`),
    index("ats_sources_board_idx").on(t.ats, t.board),
    check("ats_sources_ats_check", oneOf(t.ats, ATS_KINDS)),
    check("ats_sources_status_check", oneOf(t.status, SOURCE_STATUSES)),
    index("ats_sources_company_idx").on(t.companyId),
    index("ats_sources_due_idx")
      .on(t.nextRunAt)
      .where(sql`status = 'active'`),
  ],
);

/**
 * One job of a source, by the ATS's own id: the listing it is on the board (while it is), or why
 * it is not (skipped), and a hash of what was last written, so an unchanged job writes nothing.
 */
export const atsJobs = pgTable(
  "ats_jobs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sourceId: integer("source_id")
      .notNull()
      .references(() => atsSources.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    /** Its listing; it stays pointed at an ended one, and a job back on the ATS gets a new one. */
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    /** sha256 of the listing's fields as last written. */
    contentHash: text("content_hash"),
    /** Why it is not on the board (lib/model/imports.ts SKIP_REASONS), and in words. */
    skipReason: text("skip_reason"),
    skipMessage: text("skip_message"),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it left the ATS's list (its listing ended as filled then). */
    goneAt: timestamp("gone_at", { withTimezone: true }),
  },
  (t) => [
    unique("ats_jobs_source_external_key").on(t.sourceId, t.externalId),
    unique("ats_jobs_job_key").on(t.jobId),
  ],
);

export type AtsSource = typeof atsSources.$inferSelect;
export type AtsJobRow = typeof atsJobs.$inferSelect;
