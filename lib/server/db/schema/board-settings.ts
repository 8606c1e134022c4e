import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/*
 * The board's own words (issue 64): its name, tagline, hero text, contact address and links, as
 * the owner set them. One row at most; a column left null (or no row) keeps today's default
 * (lib/board-settings.ts), so an empty table prints what the board printed before settings.
 */
export const boardSettings = pgTable(
  "board_settings",
  {
    id: integer("id").primaryKey().default(1),
    name: text("name"),
    tagline: text("tagline"),
    heroText: text("hero_text"),
    contactEmail: text("contact_email"),
    newsletterUrl: text("newsletter_url"),
    socialUrl: text("social_url"),
    xUrl: text("x_url"),
    linkedinUrl: text("linkedin_url"),
    instagramUrl: text("instagram_url"),
    youtubeUrl: text("youtube_url"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("board_settings_one_row", sql`${t.id} = 1`)],
);
