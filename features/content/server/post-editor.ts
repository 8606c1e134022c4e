import { and, asc, desc, eq, lte, ne } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type {
  EditorAuthor,
  EditorPost,
  EditorPostSummary,
  PostAuthorInput,
  PostInput,
} from "@/features/content/post-schemas";
import { renderMarkdown } from "@/lib/markdown";
import type { PostStatus } from "@/lib/model/posts";
import { cardPath } from "@/lib/og/address";
import { routes } from "@/lib/routes";
import { recordAudit, type AuditActor } from "@/lib/server/audit/audit";
import type { Database } from "@/lib/server/db/client";
import {
  postAuthors,
  postRedirects,
  posts,
  type PostAuthorRow,
  type PostRow,
} from "@/lib/server/db/schema";
import { conflict, InvalidInput, notFound } from "@/lib/server/errors";
import { purgeCachedPages, type Purge } from "@/lib/server/http/page-cache";
import { log } from "@/lib/server/log";
import { QUEUES } from "@/lib/queue/constants";
import type { FileStore } from "@/lib/server/storage/file-store";
import { storePostImage } from "./post-images";

/*
 * The blog as its editors write it (issue 64): posts and their authors, each change one
 * transaction with its audit entry (who, what changed), and once committed the blog, the post's
 * page, the feed, the sitemaps and the blog's social card purged from every cache, so the next
 * visitor reads the change.
 *
 * Rules kept here, beyond the schemas' (post-schemas.ts):
 * - a slug names one post: another post's slug, or an old address another post keeps, is a 422
 *   on slug. Renaming a post that was ever public keeps its old address in post_redirects (a 301
 *   to the new one); renaming it back to an old address of its own takes that one out;
 * - publishing (now or scheduled) asks for a cover, its description and an author (422 on each);
 * - scheduling asks for a time to come (422 on publish_at) and queues a publish-posts job for
 *   it; that task publishes every scheduled post whose time has come, so running it twice, or the
 *   periodic run beside the queued one, publishes each once;
 * - unpublishing takes the post off the blog at once; it stays to edit, publish or schedule;
 * - deleting is for a post off the blog (a draft, or one unpublished): a published or scheduled
 *   one is 409 until it is unpublished, so no post leaves the blog by a slip. Its old addresses
 *   go with it (post_redirects cascade): its address and theirs answer 404, and are free again.
 */

/** What the public pages of the blog are: every one of them goes from the caches on a change. */
export const BLOG_PAGES_PURGE: Purge = {
  paths: [
    "/sitemap.xml",
    "/sitemaps/blog.xml",
    cardPath({ kind: "page", slug: "blog", version: null }),
  ],
  // /blog with its pages and tags (a cached page's query does not count), /blog/rss.xml, and
  // every post (each lists others as related).
  prefixes: [routes.blog, "/posts/"],
};

const purgeBlog = () => purgeCachedPages(BLOG_PAGES_PURGE);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const editorSummary = (row: PostRow): EditorPostSummary => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  status: row.status,
  author_id: row.authorId,
  tags: row.tags,
  publish_at: iso(row.publishAt),
  published_at: iso(row.publishedAt),
  updated_at: row.updatedAt.toISOString(),
  updated_by: row.updatedBy,
});

const editorAuthor = (row: PostAuthorRow): EditorAuthor => ({
  id: row.id,
  name: row.name,
  role: row.role,
  bio: row.bio,
  photo: row.photo,
  updated_at: row.updatedAt.toISOString(),
});

async function editorPost(db: Database, row: PostRow): Promise<EditorPost> {
  const old = await db
    .select({ slug: postRedirects.slug })
    .from(postRedirects)
    .where(eq(postRedirects.postId, row.id))
    .orderBy(asc(postRedirects.createdAt));
  return {
    ...editorSummary(row),
    summary: row.summary,
    body: row.body,
    cover: row.cover,
    cover_alt: row.coverAlt,
    old_slugs: old.map((entry) => entry.slug),
  };
}

/** Every post, whatever its state, newest change first, and every author. */
export async function listEditorPosts(db: Database) {
  const [rows, authors] = await Promise.all([
    db.select().from(posts).orderBy(desc(posts.updatedAt), desc(posts.id)),
    db.select().from(postAuthors).orderBy(asc(postAuthors.name), asc(postAuthors.id)),
  ]);
  return { posts: rows.map(editorSummary), authors: authors.map(editorAuthor) };
}

async function lockedPost(db: Database, postId: number): Promise<PostRow> {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId)).for("update");
  if (!row) throw notFound("Post not found");
  return row;
}

export async function getEditorPost(db: Database, postId: number) {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!row) throw notFound("Post not found");
  return { post: await editorPost(db, row) };
}

/** A Markdown body as the post's page will show it: rendered and sanitised (lib/markdown.ts). */
export async function previewPost(body: string) {
  return { html: await renderMarkdown(body) };
}

/** The columns an input sets, checked against the database: the slug free, the author there. */
async function checkedColumns(db: Database, input: PostInput, postId: number | null) {
  const errors: Record<string, string[]> = {};
  const [taken] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      postId === null
        ? eq(posts.slug, input.slug)
        : and(eq(posts.slug, input.slug), ne(posts.id, postId)),
    );
  const [kept] = await db
    .select({ postId: postRedirects.postId })
    .from(postRedirects)
    .where(eq(postRedirects.slug, input.slug));
  if (taken || (kept && kept.postId !== postId)) {
    errors.slug = ["Another post has (or had) this address: choose another"];
  }
  if (input.author_id !== null) {
    const [author] = await db
      .select({ id: postAuthors.id })
      .from(postAuthors)
      .where(eq(postAuthors.id, input.author_id));
    if (!author) errors.author_id = ["Choose an author from the list"];
  }
  if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
  return {
    slug: input.slug,
    title: input.title,
    summary: input.summary,
    body: input.body,
    cover: input.cover,
    coverAlt: input.cover_alt,
    authorId: input.author_id,
    tags: input.tags,
  };
}

/** What publishing a post asks of it, as field errors; none when it may be published. */
function checkPublishable(row: PostRow) {
  const errors: Record<string, string[]> = {};
  if (!row.cover) errors.cover = ["Upload a cover before publishing"];
  if (!row.coverAlt) errors.cover_alt = ["Describe the cover before publishing"];
  if (row.authorId === null) errors.author_id = ["Choose an author before publishing"];
  if (!row.body.trim()) errors.body = ["Write the post before publishing"];
  if (Object.keys(errors).length > 0) throw new InvalidInput(errors);
}

/** The fields of `after` that differ from `before`, each side of them (for the audit log). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(value)) continue;
    // A body's whole text twice would make the log the blog's second copy: its length will do.
    was[key] = key === "body" ? { length: String(before[key]).length } : before[key];
    now[key] = key === "body" ? { length: String(value).length } : value;
  }
  return { was, now };
}

/** A new draft. */
export async function createPost(
  db: Database,
  actor: AuditActor,
  input: PostInput,
): Promise<{ post: EditorPost }> {
  const row = await db.transaction(async (tx) => {
    const columns = await checkedColumns(tx, input, null);
    const [created] = await tx
      .insert(posts)
      .values({ ...columns, status: "draft", updatedBy: actor.email })
      .returning();
    await recordAudit(tx, actor, {
      action: "post.create",
      subjectType: "post",
      subjectId: created!.id,
      detail: { slug: created!.slug, title: created!.title },
    });
    return created!;
  });
  return { post: await editorPost(db, row) };
}

/**
 * A post's fields changed, whatever its state. A new slug for a post that was ever public keeps
 * the old one as a redirect to it.
 */
export async function updatePost(
  db: Database,
  actor: AuditActor,
  postId: number,
  input: PostInput,
): Promise<{ post: EditorPost }> {
  const row = await db.transaction(async (tx) => {
    const before = await lockedPost(tx, postId);
    const columns = await checkedColumns(tx, input, postId);
    if (before.status === "published" || before.status === "scheduled")
      checkPublishable({ ...before, ...columns });
    const diff = changes(before, columns);
    if (Object.keys(diff.now).length === 0) return before;
    if (columns.slug !== before.slug) {
      // Back to an old address of its own: that one is its address again, not a redirect.
      await tx
        .delete(postRedirects)
        .where(and(eq(postRedirects.slug, columns.slug), eq(postRedirects.postId, postId)));
      if (before.publishedAt !== null) {
        await tx.insert(postRedirects).values({ slug: before.slug, postId }).onConflictDoNothing();
      }
    }
    const [updated] = await tx
      .update(posts)
      .set({ ...columns, updatedAt: new Date(), updatedBy: actor.email })
      .where(eq(posts.id, postId))
      .returning();
    await recordAudit(tx, actor, {
      action: "post.update",
      subjectType: "post",
      subjectId: postId,
      detail: { before: diff.was, after: diff.now },
    });
    return updated!;
  });
  purgeBlog();
  return { post: await editorPost(db, row) };
}

/** Sets a post's state, with its audit entry, in one transaction; purges the blog after. */
async function setStatus(
  db: Database,
  actor: AuditActor,
  postId: number,
  change: (row: PostRow) => { status: PostStatus; publishAt?: Date | null; publishedAt?: Date },
  action: string,
): Promise<PostRow> {
  const row = await db.transaction(async (tx) => {
    const before = await lockedPost(tx, postId);
    const next = change(before);
    const [updated] = await tx
      .update(posts)
      .set({ ...next, updatedAt: new Date(), updatedBy: actor.email })
      .where(eq(posts.id, postId))
      .returning();
    await recordAudit(tx, actor, {
      action,
      subjectType: "post",
      subjectId: postId,
      detail: {
        status: { was: before.status, now: updated!.status },
        publish_at: iso(updated!.publishAt),
        published_at: iso(updated!.publishedAt),
      },
    });
    return updated!;
  });
  purgeBlog();
  return row;
}

/** A post public now: its date is now, or the date it first had when it was public before. */
export async function publishPost(
  db: Database,
  actor: AuditActor,
  postId: number,
  now: Date = new Date(),
): Promise<{ post: EditorPost }> {
  const row = await setStatus(
    db,
    actor,
    postId,
    (before) => {
      checkPublishable(before);
      return {
        status: "published",
        publishAt: null,
        publishedAt: before.status === "published" ? before.publishedAt! : now,
      };
    },
    "post.publish",
  );
  return { post: await editorPost(db, row) };
}

/**
 * A post to be published at `publishAt` (to come): it waits as scheduled, and a publish-posts
 * job is queued for that time (`queue`; a queue that cannot take it is logged: the task's
 * periodic run publishes it within minutes of its time anyway). A published post scheduled again
 * leaves the blog until then.
 */
export async function schedulePost(
  db: Database,
  actor: AuditActor,
  postId: number,
  publishAt: Date,
  queue: () => Promise<PgBoss>,
  now: Date = new Date(),
): Promise<{ post: EditorPost }> {
  if (publishAt.getTime() <= now.getTime()) {
    throw new InvalidInput({ publish_at: ["Choose a time to come, or publish it now"] });
  }
  const row = await setStatus(
    db,
    actor,
    postId,
    (before) => {
      checkPublishable(before);
      return { status: "scheduled", publishAt };
    },
    "post.schedule",
  );
  try {
    const boss = await queue();
    await boss.sendAfter(QUEUES.publishPosts, {}, null, publishAt);
  } catch (error) {
    log.warn({ err: error, post: postId }, "A scheduled post's publishing was not queued");
  }
  return { post: await editorPost(db, row) };
}

/** A post off the blog at once (published or scheduled); kept to edit and publish again. */
export async function unpublishPost(
  db: Database,
  actor: AuditActor,
  postId: number,
): Promise<{ post: EditorPost }> {
  const row = await setStatus(
    db,
    actor,
    postId,
    (before) => ({
      status: before.status === "draft" ? "draft" : "unpublished",
      publishAt: null,
    }),
    "post.unpublish",
  );
  return { post: await editorPost(db, row) };
}

/**
 * A post deleted for good, with its old addresses (their redirects): only one off the blog (a
 * draft or unpublished); a published or scheduled post is a 409 until it is unpublished. The
 * audit entry keeps what it was (address, title, old addresses); the blog is purged after.
 */
export async function deletePost(
  db: Database,
  actor: AuditActor,
  postId: number,
): Promise<{ deleted: true }> {
  await db.transaction(async (tx) => {
    const before = await lockedPost(tx, postId);
    if (before.status === "published" || before.status === "scheduled") {
      throw conflict(
        before.status === "published"
          ? "This post is on the blog: unpublish it before deleting it"
          : "This post is scheduled: unpublish it before deleting it",
      );
    }
    const old = await tx
      .select({ slug: postRedirects.slug })
      .from(postRedirects)
      .where(eq(postRedirects.postId, postId));
    // Its redirects go with it (on delete cascade), in this same transaction.
    await tx.delete(posts).where(eq(posts.id, postId));
    await recordAudit(tx, actor, {
      action: "post.delete",
      subjectType: "post",
      subjectId: postId,
      detail: {
        slug: before.slug,
        title: before.title,
        status: before.status,
        old_slugs: old.map((entry) => entry.slug),
      },
    });
  });
  purgeBlog();
  return { deleted: true };
}

/**
 * The publish-posts task: every scheduled post whose time has come is published, dated its
 * publish_at, by the system, each with its audit entry. Run twice, the second finds none.
 */
export async function publishDuePosts(db: Database, now: Date = new Date()): Promise<number[]> {
  const published = await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(posts)
      .where(and(eq(posts.status, "scheduled"), lte(posts.publishAt, now)))
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    for (const row of due) {
      await tx
        .update(posts)
        .set({ status: "published", publishedAt: row.publishAt!, publishAt: null, updatedAt: now })
        .where(eq(posts.id, row.id));
      await recordAudit(
        tx,
        { role: "system", id: null, email: null },
        {
          action: "post.publish",
          subjectType: "post",
          subjectId: row.id,
          detail: { scheduled: true, published_at: iso(row.publishAt) },
        },
      );
    }
    return ids;
  });
  if (published.length > 0) purgeBlog();
  return published;
}

/** A new author. */
export async function createPostAuthor(
  db: Database,
  actor: AuditActor,
  input: PostAuthorInput,
): Promise<{ author: EditorAuthor }> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(postAuthors).values(input).returning();
    await recordAudit(tx, actor, {
      action: "post_author.create",
      subjectType: "post_author",
      subjectId: created!.id,
      detail: { name: created!.name, role: created!.role },
    });
    return created!;
  });
  return { author: editorAuthor(row) };
}

/** An author's name, role, bio or photo changed: every post by them shows it. */
export async function updatePostAuthor(
  db: Database,
  actor: AuditActor,
  authorId: number,
  input: PostAuthorInput,
): Promise<{ author: EditorAuthor }> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(postAuthors)
      .where(eq(postAuthors.id, authorId))
      .for("update");
    if (!before) throw notFound("Author not found");
    const diff = changes(before, input);
    const [updated] = await tx
      .update(postAuthors)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(postAuthors.id, authorId))
      .returning();
    await recordAudit(tx, actor, {
      action: "post_author.update",
      subjectType: "post_author",
      subjectId: authorId,
      detail: { before: diff.was, after: diff.now },
    });
    return updated!;
  });
  purgeBlog();
  return { author: editorAuthor(row) };
}

/** A picture for a post (its cover, its body) or an author's photo: checked, stored, audited. */
export async function uploadPostImage(
  db: Database,
  actor: AuditActor,
  upload: Buffer,
  store?: FileStore,
) {
  const image = await storePostImage(upload, store);
  await recordAudit(db, actor, {
    action: "post_image.upload",
    subjectType: "post_image",
    subjectId: 0,
    detail: image,
  });
  return { image };
}
