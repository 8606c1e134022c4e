import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { LEGAL_DOCUMENT_NAMES, type LegalDocumentName } from "@/lib/model/legal";
import { users } from "./users";
import { oneOf } from "./checks";

/*
 * The legal documents with their versions (issue 64): each published change is a new version,
 * numbered 1, 2, 3… per document without gaps, never edited afterwards. Version 1 of each is
 * seeded from content/legal. Who accepted which version is kept beside them.
 */

export const legalDocumentVersions = pgTable(
  "legal_document_versions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    document: text("document").$type<LegalDocumentName>().notNull(),
    version: integer("version").notNull(),
    /** Markdown, figures still written `{{NAME}}` (filled when rendered). */
    body: text("body").notNull(),
    /** What changed, in a sentence or two, for the versions list and the acceptance banner. */
    summary: text("summary").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /** The board member who published it; null for the seed (and once their account is gone). */
    publishedBy: integer("published_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("legal_document_versions_document_version_idx").on(t.document, t.version),
    check("legal_document_versions_document_check", oneOf(t.document, LEGAL_DOCUMENT_NAMES)),
    check("legal_document_versions_version_check", sql`${t.version} >= 1`),
  ],
);

export type LegalDocumentVersion = typeof legalDocumentVersions.$inferSelect;

/** A user's acceptance of one version of one document; once per user, document and version. */
export const legalAcceptances = pgTable(
  "legal_acceptances",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    document: text("document").$type<LegalDocumentName>().notNull(),
    version: integer("version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.document, t.version] }),
    check("legal_acceptances_document_check", oneOf(t.document, LEGAL_DOCUMENT_NAMES)),
    index("legal_acceptances_document_idx").on(t.document, t.version),
  ],
);
