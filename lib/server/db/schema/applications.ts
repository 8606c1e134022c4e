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
} from "drizzle-orm/pg-core";
import {
  APPLICATION_STAGES,
  CLOSE_REASONS,
  MESSAGE_SIDES,
  MESSAGE_VIAS,
  type ApplicationStage,
  type CloseReason,
  type MessageSide,
  type MessageVia,
} from "@/lib/model/applications";
import { users } from "./users";
import { jobInvitations } from "./directory";
import { jobs } from "./jobs";
import { oneOf } from "./checks";

/*
 * Applications made on the board (issue 27): the application, its notes and conversation, and the
 * CV kept for the next one.
 */

/** An applicant's answer to one screening question (job_applications.answers). */
export type ScreeningAnswer = { question_id: string; answer: string };

/**
 * An application made on the board (issue 27): what the candidate sent, where it stands with
 * the employer, and how it ended. One per person per job. Its CV is a private file
 * (lib/server/storage/cv-store.ts), named by `cv_key`, never by a guessable address.
 */
export const jobApplications = pgTable(
  "job_applications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who applied, and the account's verified address it was sent from; null once purged. */
    fullName: text("full_name"),
    email: text("email"),
    headline: text("headline"),
    links: text("links")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverNote: text("cover_note"),
    answers: jsonb("answers")
      .$type<ScreeningAnswer[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The CV's file in the private store, its name as uploaded and its size; null once purged. */
    cvKey: text("cv_key"),
    cvName: text("cv_name"),
    cvBytes: integer("cv_bytes"),
    stage: text("stage").$type<ApplicationStage>().notNull().default("new"),
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The member who made the last stage change; null for the system, or a deleted account. */
    stageChangedBy: integer("stage_changed_by").references(() => users.id, {
      onDelete: "set null",
    }),
    /** The employer's message with its last stage change (a rejection's, say). */
    stageMessage: text("stage_message"),
    /** Closed without a decision: why (its listing left the board), and when. */
    closedReason: text("closed_reason").$type<CloseReason>(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** Withdrawn by the candidate. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** When its CV and answers were deleted, 180 days after its listing closed. */
    purgedAt: timestamp("purged_at", { withTimezone: true }),
    /**
     * The invitation to apply it answers (issue 47): the pipeline marks it "invited". Null for
     * one the candidate made unasked, and once the invitation is deleted.
     */
    invitationId: integer("invitation_id").references(() => jobInvitations.id, {
      onDelete: "set null",
    }),
    /**
     * Where the candidate came to the board from, for the employer's and the owner's funnels: an
     * outside host or campaign source, "direct", or null when not known (issue 65).
     */
    source: text("source"),
    /** When it first reached the interview stage (or beyond), and when it was hired: kept when it moves on. */
    interviewedAt: timestamp("interviewed_at", { withTimezone: true }),
    hiredAt: timestamp("hired_at", { withTimezone: true }),
    /** Told to the employer (at once or in the day's digest). */
    employerNotifiedAt: timestamp("employer_notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("job_applications_job_user_key").on(t.jobId, t.userId),
    index("job_applications_job_stage_idx").on(t.jobId, t.stage, t.createdAt),
    index("job_applications_user_idx").on(t.userId, t.createdAt),
    // A day's applications, interviews and hires: the funnel's daily roll-up, and today's part
    // of a report (features/analytics/server/funnel-daily.ts).
    index("job_applications_created_idx").on(t.createdAt),
    index("job_applications_interviewed_idx")
      .on(t.interviewedAt)
      .where(sql`interviewed_at is not null`),
    index("job_applications_hired_idx")
      .on(t.hiredAt)
      .where(sql`hired_at is not null`),
    check("job_applications_stage_check", oneOf(t.stage, APPLICATION_STAGES)),
    check(
      "job_applications_closed_reason_check",
      sql`${t.closedReason} is null or ${oneOf(t.closedReason, CLOSE_REASONS)}`,
    ),
  ],
);

/** An employer's private note on an application. */
export const applicationNotes = pgTable(
  "application_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("application_notes_application_idx").on(t.applicationId, t.createdAt)],
);

/**
 * The conversation on an application (issue 42): what the employer and the candidate wrote to
 * each other, on the board or by answering the mail that told them (`via`). A message sent with
 * a stage change names that stage. Each is mailed to the other side; nobody's address is shown.
 * Deleted with the application's other personal data when its retention ends.
 */
export const applicationMessages = pgTable(
  "application_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    /** Which side wrote it: the listing's employer (or a moderator for them), or the candidate. */
    side: text("side").$type<MessageSide>().notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** The stage it was sent with, when it came with a stage change. */
    stage: text("stage").$type<ApplicationStage>(),
    via: text("via").$type<MessageVia>().notNull().default("board"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("application_messages_application_idx").on(t.applicationId, t.createdAt),
    check("application_messages_side_check", oneOf(t.side, MESSAGE_SIDES)),
    check("application_messages_via_check", oneOf(t.via, MESSAGE_VIAS)),
    check(
      "application_messages_stage_check",
      sql`${t.stage} is null or ${oneOf(t.stage, APPLICATION_STAGES)}`,
    ),
  ],
);

/** A candidate's CV kept on their profile for their next application, replaceable. */
export const candidateCvs = pgTable("candidate_cvs", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  cvKey: text("cv_key").notNull(),
  cvName: text("cv_name").notNull(),
  cvBytes: integer("cv_bytes").notNull(),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
});

export type JobApplicationRow = typeof jobApplications.$inferSelect;
