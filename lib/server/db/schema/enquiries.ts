import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { RECRUITMENT_PLAN_IDS } from "@/lib/model/billing";
import { ENQUIRY_STATUSES, type EnquiryStatus } from "@/lib/model/enquiries";
import { oneOf } from "./checks";

/* Recruitment-services enquiries, and the moderators' replies to them. */

/** Recruitment-services enquiries from the form on /recruitment-services. */
export const enquiries = pgTable(
  "enquiries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    website: text("website"),
    service: text("service").notNull(),
    roles: integer("roles").notNull(),
    message: text("message").notNull(),
    /** The moderators' inbox: `new` until answered, `replied` once answered, `closed` when done. */
    status: text("status").$type<EnquiryStatus>().notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("enquiries_status_check", oneOf(t.status, ENQUIRY_STATUSES)),
    index("enquiries_status_created_idx").on(t.status, t.createdAt),
    check("enquiries_service_check", oneOf(t.service, RECRUITMENT_PLAN_IDS)),
    check("enquiries_roles_check", sql`${t.roles} between 1 and 100`),
    index("enquiries_created_idx").on(t.createdAt),
  ],
);

/** A moderator's answer to an enquiry, mailed to whoever sent it. */
export const enquiryReplies = pgTable(
  "enquiry_replies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: integer("enquiry_id")
      .notNull()
      .references(() => enquiries.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    /** The moderator's email: kept as text so the record outlives their account. */
    sentBy: text("sent_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("enquiry_replies_enquiry_idx").on(t.enquiryId, t.createdAt)],
);
