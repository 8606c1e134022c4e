import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { POST_STATUSES, type PostStatus } from "@/lib/model/posts";
import { oneOf } from "./checks";

/*
 * The blog (issue 64), written in the app by the board's editors: posts, their authors, and the
 * old addresses of renamed posts. The files in content/posts are the seed of a new board
 * (features/content/server/post-seed.ts), with their ids. Every change is in the audit log under
 * subject type "post" or "post_author".
 */

/** Who a post is by: a name, a role, a short bio and a photo (an uploaded image's address). */
export const postAuthors = pgTable("post_authors", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  bio: text("bio").notNull().default(""),
  /** /api/post-images/{name}, or null for none. */
  photo: text("photo"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const posts = pgTable(
  "posts",
  {
    // By default, not always: the seed keeps the ids the files' posts have (/posts/{id} links).
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** The post's address: /posts/{slug}. A rename keeps the old one in post_redirects. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** For cards, the feed and search engines (meta description). */
    summary: text("summary").notNull(),
    /** Markdown, rendered and sanitised on the way out (lib/markdown.ts). */
    body: text("body").notNull(),
    /** The cover's address: /api/post-images/{name}, or a seed's /blog/covers/{slug}.svg. */
    cover: text("cover"),
    coverAlt: text("cover_alt").notNull().default(""),
    authorId: integer("author_id").references(() => postAuthors.id),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    status: text("status").$type<PostStatus>().notNull().default("draft"),
    /** When a scheduled post goes public (the publish-posts task publishes it then). */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** Its public date; a post is public when published and this is past. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The email of the editor who changed it last (the audit log has every change). */
    updatedBy: text("updated_by"),
  },
  (t) => [
    uniqueIndex("posts_slug_idx").on(t.slug),
    check("posts_slug_check", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("posts_status_check", oneOf(t.status, POST_STATUSES)),
    check("posts_scheduled_check", sql`${t.status} <> 'scheduled' or ${t.publishAt} is not null`),
    index("posts_public_idx").on(t.status, t.publishedAt),
  ],
);

/** A renamed post's old address, answered with a permanent redirect to its new one. */
export const postRedirects = pgTable("post_redirects", {
  slug: text("slug").primaryKey(),
  postId: integer("post_id")
    .notNull()
    .references(() => posts.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PostRow = typeof posts.$inferSelect;
export type PostAuthorRow = typeof postAuthors.$inferSelect;
