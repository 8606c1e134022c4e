import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/*
 * The partner offers (issue 64): a partner's deal on a creator tool, written by the board's
 * editors in the app (features/content/server/partner-offers.ts). Seeded from content/offers
 * when the table is empty. An offer leaves the page by itself after its last day (`expires`, in
 * UTC), or at once when an editor ends it (`ended_at`); its page stays, saying it ended. Not the
 * listings' offer (offer.ts: plans and packs the board sells).
 */
export const partnerOffers = pgTable(
  "partner_offers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Its address: /offers/{slug}, for good. */
    slug: text("slug").notNull().unique(),
    partner: text("partner").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    discount: text("discount").notNull(),
    url: text("url").notNull(),
    code: text("code"),
    category: text("category").notNull(),
    /** Markdown, rendered and sanitised on the way out (lib/markdown.ts). */
    body: text("body").notNull(),
    /** The last day it can be claimed. */
    expires: date("expires", { mode: "string" }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("partner_offers_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

export type PartnerOfferRow = typeof partnerOffers.$inferSelect;
