import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import {
  LISTING_EDIT_STATUSES,
  type ListingEditChanges,
  type ListingEditStatus,
} from "@/lib/model/listings";
import { AUDIT_ROLES, type AuditRole } from "@/lib/audit-roles";
import { users } from "./users";
import { companies, jobs } from "./jobs";
import { oneOf } from "./checks";

/* Moderation and its record: listing edits awaiting review, and the audit log. */

/**
 * An employer's change to a live listing that must be reviewed before it shows (a material
 * change: features/listings/management.ts): the approved version stays live meanwhile. At most one
 * waits per listing; a newer edit replaces it (`superseded`).
 */
export const listingEdits = pgTable(
  "listing_edits",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    /**
     * The listing's fields as the employer wants them, all of them (the submission's `job`), and
     * under `place` where it can be done, when the edit gave it (the submission's `place`).
     */
    changes: jsonb("changes").$type<ListingEditChanges>().notNull(),
    status: text("status").$type<ListingEditStatus>().notNull().default("pending"),
    /** The moderator's reason when it is not approved; the employer reads it. */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by"),
  },
  (t) => [
    check("listing_edits_status_check", oneOf(t.status, LISTING_EDIT_STATUSES)),
    uniqueIndex("listing_edits_pending_key")
      .on(t.jobId)
      .where(sql`status = 'pending'`),
    index("listing_edits_job_idx").on(t.jobId, t.createdAt),
  ],
);

/**
 * Who changed what, and when: every employer and moderator change to a listing, a company or an
 * enquiry, written in the change's own transaction. Rows are never updated, except to forget a
 * deleted account's email.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    /** The actor's email at the time; null for the system, or once their account is deleted. */
    actorEmail: text("actor_email"),
    role: text("role").$type<AuditRole>().notNull(),
    /** What was done, as `subject.verb`: "listing.fill", "enquiry.reply". */
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: integer("subject_id").notNull(),
    /**
     * The company the change belongs to, when it is an employer's (issue 44): its activity page
     * lists these. Kept when the member who made it leaves.
     */
    companyId: integer("company_id").references((): AnyPgColumn => companies.id, {
      onDelete: "cascade",
    }),
    /** What changed: the fields before and after, a reason. */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    check("audit_log_role_check", oneOf(t.role, AUDIT_ROLES)),
    index("audit_log_at_idx").on(t.at),
    index("audit_log_subject_idx").on(t.subjectType, t.subjectId, t.at),
    index("audit_log_actor_idx").on(t.actorId),
    index("audit_log_company_idx").on(t.companyId, t.at),
  ],
);
