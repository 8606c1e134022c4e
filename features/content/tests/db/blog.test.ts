// @vitest-environment node
import { beforeAll, describe, expect, it } from "vitest";
import { buildBlogFeed } from "@/features/content/server/blog-feed";
import { seedPostsIfEmpty } from "@/features/content/server/post-seed";
import { findPost, listPosts, pageOfPosts } from "@/features/content/server/posts";
import { setUpTestDatabase } from "@/tests/support/database";

/* The blog as the public reads it, from the posts seeded from content/posts (issue 64). */

const handle = setUpTestDatabase();
let db: typeof handle.db;

beforeAll(async () => {
  db = handle.db;
  expect(await seedPostsIfEmpty(db)).toBeGreaterThanOrEqual(6);
  // Seeded once: a second start finds the posts there.
  expect(await seedPostsIfEmpty(db)).toBe(0);
});

describe("blog posts", () => {
  it("lists every post newest first, each with a cover that exists", async () => {
    const posts = await listPosts(db);
    expect(posts.length).toBeGreaterThanOrEqual(6);
    const dates = posts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const post of posts) {
      expect(post.readingMinutes).toBeGreaterThanOrEqual(2);
      expect(post.cover).toBe(`/blog/covers/${post.slug}.svg`);
    }
  });

  it("finds a post by its path (canonical) and by its id (to redirect)", async () => {
    const [newest] = await listPosts(db);
    const byPath = await findPost(db, newest!.slug);
    expect(byPath).toMatchObject({ canonical: true, post: { id: newest!.id } });
    expect(byPath!.post.html).toContain("<h2");
    const byId = await findPost(db, String(newest!.id));
    expect(byId).toMatchObject({ canonical: false, post: { slug: newest!.slug } });
    expect(await findPost(db, "no-such-post")).toBeNull();
    expect(await findPost(db, "999")).toBeNull();
  });

  it("pages and filters by tag, and knows no pages or tags past the real ones", async () => {
    const all = await listPosts(db);
    const first = await pageOfPosts(db, 1, null, 4);
    expect(first).toMatchObject({ page: 1, pageCount: Math.ceil(all.length / 4) });
    expect(first!.posts.map((post) => post.slug)).toEqual(all.slice(0, 4).map((p) => p.slug));
    const second = await pageOfPosts(db, 2, null, 4);
    expect(second!.posts.map((post) => post.slug)).toEqual(all.slice(4, 8).map((p) => p.slug));
    expect(await pageOfPosts(db, first!.pageCount + 1, null, 4)).toBeNull();

    const tag = first!.tags[0]!;
    const tagged = await pageOfPosts(db, 1, tag);
    expect(tagged!.posts.length).toBe(all.filter((post) => post.tags.includes(tag)).length);
    expect(tagged!.posts.every((post) => post.tags.includes(tag))).toBe(true);
    expect(await pageOfPosts(db, 1, "no-such-tag")).toBeNull();
  });

  it("makes an RSS feed with every post at its canonical address", async () => {
    const xml = await buildBlogFeed(db, "https://jobs.example.com");
    const posts = await listPosts(db);
    expect(xml).toMatch(/^<\?xml/);
    expect(xml.match(/<item>/g)).toHaveLength(posts.length);
    for (const post of posts) expect(xml).toContain(`https://jobs.example.com/posts/${post.slug}`);
  });
});
