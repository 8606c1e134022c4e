import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/* The people who sign in: their accounts, and the accounts deleted on request. */

/** A signed-in person, created on first sight from their Firebase ID token. */
export const users = pgTable("users", {
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
  /** Opted in to the public talent page. */
  showOnTalentPage: boolean("show_on_talent_page").notNull().default(false),
  /** Opted in to product news and the quarterly hiring-trends reports by email. */
  emailNews: boolean("email_news").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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
