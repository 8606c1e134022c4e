import { z } from "zod";
import { POSTS_PER_PAGE, type Post, type PostSummary } from "@/features/content/post-types";
import { renderMarkdown } from "@/lib/markdown";
import { dayDate, loadOnce, readContentFolder, readingMinutes } from "./content-files";

const frontMatter = z.strictObject({
  id: z.int().positive(),
  title: z.string().min(1).max(90),
  description: z.string().min(1).max(200),
  date: dayDate,
  author: z.strictObject({ name: z.string().min(1), role: z.string().min(1) }),
  tags: z.array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)).min(1),
  cover: z.string().startsWith("/"),
  coverAlt: z.string().min(1),
});

type LoadedPost = { summary: PostSummary; body: string };

/** Every post, newest first. */
const loadPosts = loadOnce(async (): Promise<LoadedPost[]> => {
  const files = await readContentFolder("posts", frontMatter);
  const posts = files.map(({ name, data, body }) => ({
    summary: { ...data, slug: name, readingMinutes: readingMinutes(body) },
    body,
  }));
  const ids = new Set(posts.map((post) => post.summary.id));
  if (ids.size !== posts.length) throw new Error("content/posts: two posts share an id");
  return posts.sort(
    (a, b) => b.summary.date.localeCompare(a.summary.date) || b.summary.id - a.summary.id,
  );
});

export async function listPosts(): Promise<PostSummary[]> {
  return (await loadPosts()).map((post) => post.summary);
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
  page: number,
  tag: string | null,
  perPage = POSTS_PER_PAGE,
): Promise<PostPage | null> {
  const all = await listPosts();
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
 * The post a /posts/[postId] segment names, by path (its canonical form) or by numeric id, and
 * whether the segment was the canonical one.
 */
export async function findPost(
  segment: string,
): Promise<{ post: Post; related: PostSummary[]; canonical: boolean } | null> {
  const posts = await loadPosts();
  const byPath = posts.find((post) => post.summary.slug === segment);
  const byId = /^\d+$/.test(segment)
    ? posts.find((post) => post.summary.id === Number(segment))
    : undefined;
  const found = byPath ?? byId;
  if (!found) return null;
  const related = posts
    .filter((post) => post !== found)
    .map((post) => post.summary)
    .sort(
      (a, b) =>
        sharedTags(b, found.summary) - sharedTags(a, found.summary) || b.date.localeCompare(a.date),
    )
    .slice(0, 3);
  return {
    post: { ...found.summary, html: await renderMarkdown(found.body) },
    related,
    canonical: Boolean(byPath),
  };
}

const sharedTags = (a: PostSummary, b: PostSummary) =>
  a.tags.filter((tag) => b.tags.includes(tag)).length;
