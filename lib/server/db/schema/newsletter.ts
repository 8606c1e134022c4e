import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  ISSUE_STATUSES,
  SUBSCRIBER_STATUSES,
  type IssueStatus,
  type SubscriberStatus,
} from "@/lib/model/newsletter";
import { oneOf } from "./checks";
import { jobs } from "./jobs";
import { users } from "./users";

/*
 * The board's weekly newsletter (issue 66, features/newsletter): its subscribers (an address,
 * no account), its issues, each issue's listings in their order, and who was sent which issue.
 */

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The address as typed (trimmed): what the mail is sent to. */
    email: text("email").notNull(),
    /** Lower-cased: one subscription per address, however it is spelled. */
    emailNormalized: text("email_normalized").notNull(),
    /** Department slugs (lib/taxonomy) whose listings they want; empty: every department. */
    departments: text("departments")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Board region slugs; empty: every region. */
    regions: text("regions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status").$type<SubscriberStatus>().notNull().default("pending"),
    /** SHA-256 of the confirmation link's secret; null once used (single use). */
    confirmTokenHash: text("confirm_token_hash"),
    /** When the last confirmation mail was queued, and how many were since the last confirm. */
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
    confirmMails: integer("confirm_mails").notNull().default(0),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** When mail to it stopped (unsubscribed, bounced, complained), and the bounce's status. */
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    stopDetail: text("stop_detail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_idx").on(t.emailNormalized),
    index("newsletter_subscribers_confirmed_idx")
      .on(t.id)
      .where(sql`status = 'confirmed'`),
    check("newsletter_subscribers_status_check", oneOf(t.status, SUBSCRIBER_STATUSES)),
  ],
);

/** The highlight of an issue: a salary figure or a hiring report, as the mail shows it. */
export type IssueHighlight = { title: string; text: string; path: string };

export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The Monday (UTC) of the week it is sent in: one issue a week. */
    week: date("week", { mode: "string" }).notNull(),
    status: text("status").$type<IssueStatus>().notNull().default("scheduled"),
    subject: text("subject").notNull(),
    /** The editor's introduction, Markdown, and as sanitised HTML; empty when none. */
    intro: text("intro").notNull().default(""),
    introHtml: text("intro_html").notNull().default(""),
    highlight: jsonb("highlight").$type<IssueHighlight | null>(),
    /** When it goes: the queue starts sending at this time. */
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** How many were sent it (set once sent). */
    recipients: integer("recipients").notNull().default(0),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("newsletter_issues_week_idx").on(t.week),
    check("newsletter_issues_status_check", oneOf(t.status, ISSUE_STATUSES)),
  ],
);

/** An issue's listings in their order: the Sponsored ones first, then the week's new ones. */
export const newsletterIssueListings = pgTable(
  "newsletter_issue_listings",
  {
    issueId: integer("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    sponsored: boolean("sponsored").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.jobId] }),
    index("newsletter_issue_listings_job_idx").on(t.jobId),
  ],
);

/**
 * Who was sent which issue: claimed in the transaction that queues the mail, so a send that
 * crashes and runs again never mails anyone twice (the key), nor skips anyone.
 */
export const newsletterSends = pgTable(
  "newsletter_sends",
  {
    issueId: integer("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.subscriberId] }),
    index("newsletter_sends_subscriber_idx").on(t.subscriberId),
  ],
);
