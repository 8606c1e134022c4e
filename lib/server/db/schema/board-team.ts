import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { BOARD_ROLES, type BoardRole } from "@/lib/auth/board-roles";
import { users } from "./users";
import { oneOf } from "./checks";

/*
 * The board's own team (issue 64): who runs the board, with which role, and who was invited.
 * ADMIN_EMAILS names the first owner(s), who need no row; everyone else is a row here. What the
 * team did is kept in the audit log (moderation.ts), under subject type "board_member" or
 * "board_invitation".
 */

/** A person on the board's team, with one role; read afresh on every request (the board guard). */
export const boardMembers = pgTable(
  "board_members",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<BoardRole>().notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("board_members_role_check", oneOf(t.role, BOARD_ROLES))],
);

export type BoardMember = typeof boardMembers.$inferSelect;

/**
 * An invitation to the board's team with a role, sent to an address: like a company's
 * (teams.ts), only the SHA-256 of its link's token is kept; sending it again replaces the hash.
 */
export const boardInvitations = pgTable(
  "board_invitations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Lower case. */
    email: text("email").notNull(),
    role: text("role").$type<BoardRole>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: integer("accepted_by").references(() => users.id, { onDelete: "set null" }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    check("board_invitations_role_check", oneOf(t.role, BOARD_ROLES)),
    // One pending invitation per address: a second one is a resend.
    uniqueIndex("board_invitations_pending_key")
      .on(t.email)
      .where(sql`accepted_at is null and withdrawn_at is null`),
  ],
);

export type BoardInvitation = typeof boardInvitations.$inferSelect;
