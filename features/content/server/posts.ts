import { and, desc, eq, inArray, isNotNull, lte, or } from "drizzle-orm";
import { POSTS_PER_PAGE, type Post, type PostSummary } from "@/features/content/post-types";
import { renderMarkdown } from "@/lib/markdown";
import type { Database } from "@/lib/server/db/client";
import { postAuthors, postRedirects, posts, type PostRow } from "@/lib/server/db/schema";
import { readingMinutes } from "./content-files";

/*
 * The blog as the public reads it (issue 64): the posts the editors published
 * (server/post-editor.ts), each public once it is published and its published_at is past. The
 * page, the feed, the sitemap and the social cards all read them here.
 */

/** Published, its time come, and with a cover (publishing asks for one). */
const isPublic = (now: Date) =>
  and(
    eq(posts.status, "published"),
    isNotNull(posts.publishedAt),
    lte(posts.publishedAt, now),
    isNotNull(posts.cover),
  );

const publicColumns = {
  post: posts,
  author: {
    name: postAuthors.name,
    role: postAuthors.role,
    bio: postAuthors.bio,
    photo: postAuthors.photo,
  },
};

type PublicRow = { post: PostRow; author: PostSummary["author"] | null };

const summaryOf = ({ post, author }: PublicRow): PostSummary => ({
  id: post.id,
  slug: post.slug,
  title: post.title,
  description: post.summary,
  date: (post.publishedAt ?? post.createdAt).toISOString().slice(0, 10),
  author: author ?? { name: "", role: "", bio: "", photo: null },
  tags: post.tags,
  cover: post.cover ?? "",
  coverAlt: post.coverAlt,
  readingMinutes: readingMinutes(post.body),
});

async function publicRows(db: Database, now: Date): Promise<PublicRow[]> {
  return db
    .select(publicColumns)
    .from(posts)
    .leftJoin(postAuthors, eq(postAuthors.id, posts.authorId))
    .where(isPublic(now))
    .orderBy(desc(posts.publishedAt), desc(posts.id));
}

/** Every public post, newest first. */
export async function listPosts(db: Database, now: Date = new Date()): Promise<PostSummary[]> {
  return (await publicRows(db, now)).map(summaryOf);
}

export type PostPage = {
  posts: PostSummary[];
  page: number;
  pageCount: number;
  tag: string | null;
  tags: string[];
};

/** One page of posts, optionally with one tag; null when the tag or page does not exist. */
export async function pageOfPosts(
  db: Database,
  page: number,
  tag: string | null,
  perPage = POSTS_PER_PAGE,
  now: Date = new Date(),
): Promise<PostPage | null> {
  const all = await listPosts(db, now);
  const tags = [...new Set(all.flatMap((post) => post.tags))].sort();
  if (tag !== null && !tags.includes(tag)) return null;
  const matching = tag === null ? all : all.filter((post) => post.tags.includes(tag));
  const pageCount = Math.max(1, Math.ceil(matching.length / perPage));
  if (page > pageCount) return null;
  return {
    posts: matching.slice((page - 1) * perPage, page * perPage),
    page,
    pageCount,
    tag,
    tags,
  };
}

/**
 * The public post a /posts/[postId] segment names, by its address (canonical), by an old
 * address it had before a rename, or by its numeric id, and whether the segment was the
 * canonical one (any other answers with a permanent redirect to it).
 */
/**
 * Whether `segment` is the address (or an id, or an earlier address) of a post that was public
 * and was taken down (unpublished): such an address answers 410 Gone, so that search engines drop
 * it, where one that never was a post, or a draft's or a scheduled post's, answers 404.
 */
export async function postTakenDown(db: Database, segment: string): Promise<boolean> {
  const renamed = db
    .select({ postId: postRedirects.postId })
    .from(postRedirects)
    .where(eq(postRedirects.slug, segment));
  const [found] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.status, "unpublished"),
        or(
          eq(posts.slug, segment),
          /^\d{1,9}$/.test(segment) ? eq(posts.id, Number(segment)) : undefined,
          inArray(posts.id, renamed),
        ),
      ),
    )
    .limit(1);
  return Boolean(found);
}

export async function findPost(
  db: Database,
  segment: string,
  now: Date = new Date(),
): Promise<{ post: Post; related: PostSummary[]; canonical: boolean } | null> {
  const renamed = db
    .select({ postId: postRedirects.postId })
    .from(postRedirects)
    .where(eq(postRedirects.slug, segment));
  const [found] = await db
    .select(publicColumns)
    .from(posts)
    .leftJoin(postAuthors, eq(postAuthors.id, posts.authorId))
    .where(
      and(
        isPublic(now),
        or(
          eq(posts.slug, segment),
          /^\d{1,9}$/.test(segment) ? eq(posts.id, Number(segment)) : undefined,
          inArray(posts.id, renamed),
        ),
      ),
    )
    // The post whose address it is before one it is the id of.
    .orderBy(desc(eq(posts.slug, segment)))
    .limit(1);
  if (!found) return null;
  const summary = summaryOf(found);
  const related = (await listPosts(db, now))
    .filter((post) => post.id !== summary.id)
    .sort((a, b) => sharedTags(b, summary) - sharedTags(a, summary) || b.date.localeCompare(a.date))
    .slice(0, 3);
  return {
    post: { ...summary, html: await renderMarkdown(found.post.body) },
    related,
    canonical: found.post.slug === segment,
  };
}

const sharedTags = (a: PostSummary, b: PostSummary) =>
  a.tags.filter((tag) => b.tags.includes(tag)).length;
