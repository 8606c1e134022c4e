import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { APPLICANT_MAIL_CHOICES, type ApplicantMailChoice } from "@/lib/model/companies";
import {
  ASSIGNABLE_ROLES,
  COMPANY_ROLES,
  type AssignableRole,
  type CompanyRole,
} from "@/lib/auth/company-roles";
import { users } from "./users";
import { companies } from "./jobs";
import { oneOf } from "./checks";

/*
 * Employer teams (issue 44): who is in a company, with which role, and who was invited. What
 * members did is kept in the audit log (moderation.ts), under the company's id.
 */

/**
 * A person in a company, with one role. A person is in one company at most (unique user_id),
 * and a company has exactly one owner (the partial unique index; migration 0026 made each
 * company's former `owner_id` its owner).
 */
export const companyMembers = pgTable(
  "company_members",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<CompanyRole>().notNull(),
    /** Which new-applicant mail they get (features/companies/team.ts). */
    applicantMail: text("applicant_mail").$type<ApplicantMailChoice>().notNull().default("own"),
    /** Their daily digest of every listing named the applicants who came before this. */
    digestThrough: timestamp("digest_through", { withTimezone: true }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("company_members_role_check", oneOf(t.role, COMPANY_ROLES)),
    check("company_members_applicant_mail_check", oneOf(t.applicantMail, APPLICANT_MAIL_CHOICES)),
    uniqueIndex("company_members_owner_key")
      .on(t.companyId)
      .where(sql`role = 'owner'`),
    index("company_members_company_idx").on(t.companyId),
  ],
);

export type CompanyMember = typeof companyMembers.$inferSelect;

/**
 * An invitation to join a company with a role, sent to an address. Its link carries a random
 * token; only the token's SHA-256 is kept here, so the table alone opens no door. Sending it
 * again replaces the hash (the old link dies) and starts its 7 days again.
 */
export const companyInvitations = pgTable(
  "company_invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    role: text("role").$type<AssignableRole>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: integer("accepted_by").references(() => users.id, { onDelete: "set null" }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    check("company_invitations_role_check", oneOf(t.role, ASSIGNABLE_ROLES)),
    // One pending invitation per address and company: a second one is a resend.
    uniqueIndex("company_invitations_pending_key")
      .on(t.companyId, t.email)
      .where(sql`accepted_at is null and withdrawn_at is null`),
  ],
);

export type CompanyInvitation = typeof companyInvitations.$inferSelect;
