import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import {
  DEFAULT_PROFILE_VISIBILITY,
  PROFILE_VISIBILITIES,
  type ProfileVisibility,
} from "@/lib/model/account";
import { oneOf } from "./checks";
import { tsvector } from "./tsvector";

/* The people who sign in: their accounts, and the accounts deleted on request. */

/** A signed-in person, created on first sight from their Firebase ID token. */
export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    firebaseUid: text("firebase_uid").notNull().unique(),
    /** The address on the person's latest token, and whether its provider verified it. */
    email: text("email"),
    emailVerified: boolean("email_verified").notNull().default(false),
    fullName: text("full_name"),
    avatarUrl: text("avatar_url"),
    headline: text("headline"),
    bio: text("bio"),
    location: text("location"),
    websiteUrl: text("website_url"),
    linkedinUrl: text("linkedin_url"),
    skills: text("skills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    openToWork: boolean("open_to_work").notNull().default(false),
    /**
     * Who sees the profile (issue 47, migration 0031): everyone, employers hiring on the board, or
     * nobody (the default). Replaces the talent page's opt-in, which became "public".
     */
    profileVisibility: text("profile_visibility")
      .$type<ProfileVisibility>()
      .notNull()
      .default(DEFAULT_PROFILE_VISIBILITY),
    /** Takes invitations to apply from employers who find the profile. */
    invitationsOpen: boolean("invitations_open").notNull().default(true),
    /**
     * The profile's key in employers' URLs: random, 20 hex characters, so that no one walks the
     * directory by counting.
     */
    profileKey: text("profile_key")
      .notNull()
      .unique()
      .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 20)`),
    /** When they last used the board signed in, to the hour (the employers' "active within"). */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the employers' search matches (migration 0031's trigger): headline and skills (A), name
     * (B), location (C), bio (D).
     */
    profileVector: tsvector("profile_vector")
      .notNull()
      .default(sql`''::tsvector`),
    /** Opted in to product news and the quarterly hiring-trends reports by email. */
    emailNews: boolean("email_news").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("users_profile_visibility_check", oneOf(t.profileVisibility, PROFILE_VISIBILITIES)),
    index("users_profile_vector_idx")
      .using("gin", t.profileVector)
      // No pending list, as the board's other GIN indexes (migration 0021): PGlite has no
      // autovacuum to merge one, and every search would read it whole.
      .with({ fastupdate: false })
      .where(sql`profile_visibility <> 'hidden'`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * Accounts deleted on request. An ID token stays valid for up to an hour after its account is
 * deleted; this keeps such a token from bringing the account back on its next request.
 */
export const deletedAccounts = pgTable("deleted_accounts", {
  firebaseUid: text("firebase_uid").primaryKey(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
});
