import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { INVITATION_STATUSES, type InvitationStatus } from "@/lib/model/directory";
import { users } from "./users";
import { companies, jobs } from "./jobs";
import { oneOf } from "./checks";

/*
 * The candidate directory (issue 47): which companies opened which profiles, their daily
 * allowances, invitations to apply, and the companies a candidate stopped.
 */

/**
 * A company opened a candidate's profile on a day (UTC): once a day per profile, whoever in the
 * company opened it. The candidate sees the company (never the person); rows older than 30 days
 * are deleted.
 */
export const profileViews = pgTable(
  "profile_views",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    candidateId: integer("candidate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    viewedOn: date("viewed_on", { mode: "string" }).notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.candidateId, t.viewedOn] }),
    index("profile_views_candidate_idx").on(t.candidateId, t.viewedAt),
    index("profile_views_viewed_on_idx").on(t.viewedOn),
  ],
);

/**
 * A candidate a company was shown on a day (UTC), on a search's page or opened (issue 60): the
 * directory yields at most PROFILE_VIEWS_PER_DAY candidates a day to a company, each counted
 * once a day however often it is shown. Days before yesterday are deleted.
 */
export const profileSightings = pgTable(
  "profile_sightings",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    candidateId: integer("candidate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seenOn: date("seen_on", { mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.candidateId, t.seenOn] }),
    index("profile_sightings_seen_on_idx").on(t.seenOn),
  ],
);

/**
 * What a company used of a daily allowance (`kind`: profile_views, invitations) on a UTC day.
 * Taken by one conditional upsert (`used + 1 where used < limit`), so concurrent requests never
 * pass the limit; days before yesterday are deleted.
 */
export const companyAllowances = pgTable(
  "company_allowances",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    used: integer("used").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind, t.day] }),
    check("company_allowances_kind_check", oneOf(t.kind, ["profile_views", "invitations"])),
    check("company_allowances_used_check", sql`${t.used} >= 0`),
  ],
);

/**
 * An employer's invitation to a candidate to apply to one of the company's listings: one per
 * candidate and listing. Deleted 180 days after it was sent.
 */
export const jobInvitations = pgTable(
  "job_invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    candidateId: integer("candidate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The member who sent it; null once their account is deleted. */
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    status: text("status").$type<InvitationStatus>().notNull().default("sent"),
    declineReason: text("decline_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    unique("job_invitations_job_candidate_key").on(t.jobId, t.candidateId),
    index("job_invitations_candidate_idx").on(t.candidateId, t.createdAt),
    index("job_invitations_company_idx").on(t.companyId, t.createdAt),
    check("job_invitations_status_check", oneOf(t.status, INVITATION_STATUSES)),
  ],
);

export type JobInvitation = typeof jobInvitations.$inferSelect;

/**
 * The directory's search vocabulary: the words of findable profiles (public and employers-only:
 * headline, skills, name, location; not bios) and of the synonym file, each with how many findable
 * profiles use it. An employer's search word that is none of these is corrected to the most
 * similar one (pg_trgm), as the board's job search does with `search_terms`; kept apart from that
 * one so that the public job search never suggests a word only an employers-only profile holds.
 * Refreshed by the periodic `search-terms` task and soon after a profile changes
 * (features/directory/server/vocabulary.ts).
 */
export const profileSearchTerms = pgTable(
  "profile_search_terms",
  {
    term: text("term").primaryKey(),
    profiles: integer("profiles").notNull(),
  },
  (t) => [
    index("profile_search_terms_trgm_idx")
      .using("gin", t.term.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
  ],
);

/** A company a candidate stopped: it no longer finds, opens or invites them. */
export const companyBlocks = pgTable(
  "company_blocks",
  {
    candidateId: integer("candidate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.candidateId, t.companyId] }),
    index("company_blocks_company_idx").on(t.companyId),
  ],
);
