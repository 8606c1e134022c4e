// @vitest-environment node
import { readdir } from "node:fs/promises";
import { and, eq, sql } from "drizzle-orm";
import type { GetServerSidePropsContext } from "next";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildBlogFeed } from "@/features/content/server/blog-feed";
import { POST_IMAGE_MESSAGES, postImageFolder } from "@/features/content/server/post-images";
import { BLOG_PAGES_PURGE } from "@/features/content/server/post-editor";
import { seedPostsIfEmpty } from "@/features/content/server/post-seed";
import { findPost, listPosts } from "@/features/content/server/posts";
import { writeSitemap } from "@/features/feeds/server/sitemap";
import { POST_IMAGE_MAX_SIDE } from "@/lib/model/posts";
import { auditLog, boardMembers, posts } from "@/lib/server/db/schema";
import { onPurge, type Purge } from "@/lib/server/http/page-cache";
import { getQueue } from "@/lib/server/queue/queue";
import { TASK_HANDLERS } from "@/lib/server/worker/tasks";
import { getServerSideProps as postPage } from "@/pages/posts/[postId]";
import { callApi } from "@/tests/api/call";
import { person, routeFor, type Person } from "@/tests/api/team-suite";
import { hostileImages, image, noisyPng } from "@/tests/fixtures/hostile-images";
import { bearer } from "@/tests/support/auth";
import { setUpTestDatabase } from "@/tests/support/database";
import { setUpTempFileStores } from "@/tests/support/files";

/*
 * The blog's editor (issue 64): a post drafted, previewed, scheduled, published by the queue's
 * task at its time, renamed (the old address answers 301), unpublished; pictures checked as logos
 * are; hostile Markdown inert; every change audited and the blog purged; a moderator and finance
 * kept out.
 */

const handle = setUpTestDatabase();
const { logoDir } = setUpTempFileStores();
const run = Math.random().toString(36).slice(2, 8);
const SITE = "https://jobs.example.com";
const people = {} as Record<"editor" | "moderator" | "finance", Person>;

const call = async (
  path: string,
  who: Person,
  init: {
    method?: "GET" | "POST" | "PUT" | "DELETE";
    params?: Record<string, string>;
    body?: unknown;
    raw?: Buffer;
  } = {},
) => {
  const answer = await callApi(routeFor(path), {
    method: init.method ?? "GET",
    params: init.params,
    headers: {
      ...bearer(who.token),
      ...(init.raw ? { "content-type": "image/png" } : {}),
    },
    ...(init.raw ? { raw: init.raw } : { body: init.body }),
  });
  return answer as unknown as { status: number; body: unknown };
};

type Answer<T> = { status: number; body: T };
type EditorPost = {
  id: number;
  slug: string;
  status: string;
  publish_at: string | null;
  published_at: string | null;
  old_slugs: string[];
  updated_by: string | null;
};

const purges: Purge[] = [];
let stopListening: () => void;

beforeAll(async () => {
  vi.stubEnv("S3_BUCKET", "");
  for (const role of ["editor", "moderator", "finance"] as const) {
    people[role] = await person(handle.db, `${role}-${run}`, `${role}-${run}@board.example`, role);
    await handle.db.insert(boardMembers).values({ userId: people[role].userId, role });
  }
  await seedPostsIfEmpty(handle.db);
  await getQueue(handle);
  stopListening = onPurge((purge) => purges.push(purge));
}, 60_000);

afterAll(() => {
  stopListening();
  vi.unstubAllEnvs();
});

const hostile = [
  "# Hello",
  "<script>alert(1)</script>",
  "[click](javascript:alert(1))",
  '<img src="x" onerror="alert(1)">',
  '<a href="/" onclick="alert(1)">raw link</a>',
  '<iframe src="https://evil.example"></iframe>',
  "<style>body{display:none}</style>",
  "Plain **bold** text.",
].join("\n\n");

function expectInert(html: string) {
  expect(html).toContain("<h1>Hello</h1>");
  expect(html).toContain("<strong>bold</strong>");
  expect(html).not.toMatch(/<script|<iframe|<style|javascript:|onerror|onclick/i);
}

describe("an editor writes a post", () => {
  let authorId: number;
  let cover: string;
  let post: EditorPost;
  const slug = `a-new-post-${run}`;

  it("adds an author and uploads a cover, checked and re-encoded as logos are", async () => {
    const author = (await call("/api/moderation/post-authors", people.editor, {
      method: "POST",
      body: { name: "Ada Editor", role: "Editor", bio: "Writes about hiring.", photo: null },
    })) as Answer<{ author: { id: number } }>;
    expect(author.status).toBe(201);
    authorId = author.body.author.id;

    const png = await image(2400, 1260).png().toBuffer();
    const upload = (await call("/api/moderation/post-images", people.editor, {
      method: "POST",
      raw: png,
    })) as Answer<{ image: { url: string; width: number; height: number } }>;
    expect(upload.status).toBe(201);
    expect(upload.body.image).toMatchObject({ width: 1600, height: 840 });
    expect(upload.body.image.url).toMatch(/^\/api\/post-images\/[0-9a-f]{64}\.webp$/);
    cover = upload.body.image.url;
    const served = await callApi(routeFor("/api/post-images/{name}"), {
      params: { name: cover.split("/").pop()! },
    });
    expect(served.status).toBe(200);
  });

  it("saves a draft, which is not public; 422 with errors for bad fields", async () => {
    const bad = (await call("/api/moderation/posts", people.editor, {
      method: "POST",
      body: {
        slug: "Not A Slug",
        title: "",
        summary: "x",
        body: "",
        cover: "https://evil.example/x.png",
        cover_alt: "",
        author_id: null,
        tags: ["Bad Tag"],
      },
    })) as Answer<{ errors: Record<string, string[]> }>;
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      expect.arrayContaining(["cover", "slug", "tags", "title"]),
    );

    const created = (await call("/api/moderation/posts", people.editor, {
      method: "POST",
      body: {
        slug,
        title: "A new post",
        summary: "What the new post says, in a line.",
        body: "## First\n\nHello.",
        cover: null,
        cover_alt: "",
        author_id: authorId,
        tags: ["careers", "news"],
      },
    })) as Answer<{ post: EditorPost }>;
    expect(created.status).toBe(201);
    post = created.body.post;
    expect(post).toMatchObject({ status: "draft", updated_by: people.editor.email });
    expect(await findPost(handle.db, slug)).toBeNull();

    const taken = (await call("/api/moderation/posts", people.editor, {
      method: "POST",
      body: {
        slug,
        title: "Again",
        summary: "The same address.",
        body: "",
        cover: null,
        cover_alt: "",
        author_id: null,
        tags: [],
      },
    })) as Answer<{ errors: Record<string, string[]> }>;
    expect(taken.status).toBe(422);
    expect(Object.keys(taken.body.errors)).toEqual(["slug"]);
  });

  it("previews hostile Markdown inert, and keeps it inert on the page", async () => {
    const preview = (await call("/api/moderation/posts/preview", people.editor, {
      method: "POST",
      body: { body: hostile },
    })) as Answer<{ html: string }>;
    expect(preview.status).toBe(200);
    expectInert(preview.body.html);
  });

  it("asks for a cover before publishing, and a time to come to schedule", async () => {
    const params = { postId: String(post.id) };
    const early = (await call("/api/moderation/posts/{postId}/publish", people.editor, {
      method: "POST",
      params,
    })) as Answer<{ errors: Record<string, string[]> }>;
    expect(early.status).toBe(422);
    expect(Object.keys(early.body.errors).sort()).toEqual(["cover", "cover_alt"]);

    const updated = (await call("/api/moderation/posts/{postId}", people.editor, {
      method: "PUT",
      params,
      body: {
        slug,
        title: "A new post",
        summary: "What the new post says, in a line.",
        body: `${hostile}\n\n![An inline picture](${cover})`,
        cover,
        cover_alt: "A violet square",
        author_id: authorId,
        tags: ["careers", "news"],
      },
    })) as Answer<{ post: EditorPost }>;
    expect(updated.status).toBe(200);

    const past = (await call("/api/moderation/posts/{postId}/schedule", people.editor, {
      method: "POST",
      params,
      body: { publish_at: new Date(Date.now() - 60_000).toISOString() },
    })) as Answer<{ errors: Record<string, string[]> }>;
    expect(past.status).toBe(422);
    expect(past.body.errors).toHaveProperty("publish_at");
  });

  it("schedules it on the queue; the task publishes it at its hour, once", async () => {
    const at = new Date(Date.now() + 60 * 60 * 1000);
    at.setUTCSeconds(0, 0);
    const scheduled = (await call("/api/moderation/posts/{postId}/schedule", people.editor, {
      method: "POST",
      params: { postId: String(post.id) },
      body: { publish_at: at.toISOString() },
    })) as Answer<{ post: EditorPost }>;
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.post).toMatchObject({
      status: "scheduled",
      publish_at: at.toISOString(),
    });
    const jobs = await handle.db.execute<{ start_after: Date }>(
      sql`select start_after from pgboss.job where name = 'publish-posts'`,
    );
    const queued = (jobs as unknown as { rows: { start_after: Date | string }[] }).rows;
    expect(queued.map((job) => new Date(job.start_after).getTime())).toContain(at.getTime());

    const task = (now: Date) =>
      TASK_HANDLERS["publish-posts"]({ db: handle.db, boss: {} as PgBoss, now, data: {} });
    expect(await task(new Date(at.getTime() - 1000))).toEqual({ published: 0 });
    expect(await findPost(handle.db, slug)).toBeNull();

    purges.length = 0;
    const later = new Date(at.getTime() + 1000);
    expect(await task(later)).toEqual({ published: 1 });
    expect(await task(later)).toEqual({ published: 0 });
    expect(purges).toEqual([BLOG_PAGES_PURGE]);

    const found = await findPost(handle.db, slug, later);
    expect(found).toMatchObject({ canonical: true, post: { date: at.toISOString().slice(0, 10) } });
    expectInert(found!.post.html);
    expect(found!.post.html).toContain(`<img src="${cover}" alt="An inline picture">`);
    expect((await listPosts(handle.db, later))[0]!.slug).toBe(slug);
    expect(await buildBlogFeed(handle.db, SITE, later)).toContain(`${SITE}/posts/${slug}`);
    let sitemap = "";
    await writeSitemap(handle.db, SITE, "blog", (chunk) => (sitemap += chunk), later);
    expect(sitemap).toContain(`${SITE}/posts/${slug}`);

    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "post"), eq(auditLog.action, "post.schedule")));
    expect(audit).toMatchObject({ role: "moderator", actorEmail: people.editor.email });
  });

  it("renames it: the old address answers with a permanent redirect", async () => {
    // Published in the past, so the page (which reads the clock) shows it.
    await handle.db
      .update(posts)
      .set({ publishedAt: new Date(Date.now() - 60_000) })
      .where(eq(posts.id, post.id));
    const renamed = `${slug}-renamed`;
    purges.length = 0;
    const answer = (await call("/api/moderation/posts/{postId}", people.editor, {
      method: "PUT",
      params: { postId: String(post.id) },
      body: {
        slug: renamed,
        title: "A new post",
        summary: "What the new post says, in a line.",
        body: "## Renamed",
        cover,
        cover_alt: "A violet square",
        author_id: authorId,
        tags: ["careers"],
      },
    })) as Answer<{ post: EditorPost }>;
    expect(answer.status).toBe(200);
    expect(answer.body.post.old_slugs).toEqual([slug]);
    expect(purges).toEqual([BLOG_PAGES_PURGE]);

    const page = (segment: string) =>
      postPage({
        params: { postId: segment },
        res: { setHeader: () => undefined },
      } as unknown as GetServerSidePropsContext<{ postId: string }>);
    expect(await page(slug)).toEqual({
      redirect: { destination: `/posts/${renamed}`, permanent: true },
    });
    expect(await page(String(post.id))).toEqual({
      redirect: { destination: `/posts/${renamed}`, permanent: true },
    });
    expect(await page(renamed)).toHaveProperty("props.post.slug", renamed);

    // The old address is kept for this post: another may not take it.
    const other = (await call("/api/moderation/posts", people.editor, {
      method: "POST",
      body: {
        slug,
        title: "Another",
        summary: "Another post.",
        body: "",
        cover: null,
        cover_alt: "",
        author_id: null,
        tags: [],
      },
    })) as Answer<{ errors: Record<string, string[]> }>;
    expect(other.status).toBe(422);
    expect(other.body.errors).toHaveProperty("slug");
  });

  it("unpublishes it: off the blog, the feed and the sitemap at once, its addresses 410", async () => {
    const answer = (await call("/api/moderation/posts/{postId}/unpublish", people.editor, {
      method: "POST",
      params: { postId: String(post.id) },
    })) as Answer<{ post: EditorPost }>;
    expect(answer.status).toBe(200);
    expect(answer.body.post.status).toBe("unpublished");
    expect(await findPost(handle.db, `${slug}-renamed`)).toBeNull();
    expect(await buildBlogFeed(handle.db, SITE)).not.toContain(slug);
    const list = (await call("/api/moderation/posts", people.editor)) as Answer<{
      posts: EditorPost[];
    }>;
    expect(list.body.posts.find((entry) => entry.id === post.id)?.status).toBe("unpublished");

    // Its address, its id and its address before the rename answer 410 Gone; an address that
    // never was a post's still answers 404.
    const gone = async (segment: string) => {
      const res = { statusCode: 200, setHeader: () => undefined };
      const result = await postPage({
        params: { postId: segment },
        res,
      } as unknown as GetServerSidePropsContext<{ postId: string }>);
      return { status: res.statusCode, result };
    };
    for (const segment of [`${slug}-renamed`, String(post.id), slug]) {
      expect(await gone(segment)).toEqual({ status: 410, result: { props: { gone: true } } });
    }
    expect(await gone("never-a-post")).toEqual({ status: 200, result: { notFound: true } });
  });

  it("changes its author: audited, and the post shows the new name", async () => {
    const answer = (await call("/api/moderation/post-authors/{authorId}", people.editor, {
      method: "PUT",
      params: { authorId: String(authorId) },
      body: { name: "Ada Renamed", role: "Editor", bio: "Writes about hiring.", photo: cover },
    })) as Answer<{ author: { name: string; photo: string | null } }>;
    expect(answer.status).toBe(200);
    expect(answer.body.author).toMatchObject({ name: "Ada Renamed", photo: cover });
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.subjectType, "post_author"), eq(auditLog.action, "post_author.update")),
      );
    expect(audit).toMatchObject({
      actorEmail: people.editor.email,
      detail: { before: { name: "Ada Editor", photo: null }, after: { name: "Ada Renamed" } },
    });
    const missing = await call("/api/moderation/post-authors/{authorId}", people.editor, {
      method: "PUT",
      params: { authorId: "999999" },
      body: { name: "Nobody", role: "Editor", bio: "", photo: null },
    });
    expect(missing.status).toBe(404);
  });

  it("refuses to delete a post on the blog (409): it must be unpublished first", async () => {
    const answer = (await call("/api/moderation/posts/{postId}", people.editor, {
      method: "DELETE",
      params: { postId: "1" },
    })) as Answer<{ message: string }>;
    expect(answer.status).toBe(409);
    expect(JSON.stringify(answer.body)).toMatch(/unpublish it before deleting it/);
    const [seeded] = await handle.db.select().from(posts).where(eq(posts.id, 1));
    expect(seeded?.status).toBe("published");
  });

  it("deletes it once off the blog: audited, purged, its addresses 404 (no redirect)", async () => {
    const renamed = `${slug}-renamed`;
    purges.length = 0;
    const answer = await call("/api/moderation/posts/{postId}", people.editor, {
      method: "DELETE",
      params: { postId: String(post.id) },
    });
    expect(answer).toMatchObject({ status: 200, body: { deleted: true } });
    expect(purges).toEqual([BLOG_PAGES_PURGE]);
    const page = (segment: string) =>
      postPage({
        params: { postId: segment },
        res: { setHeader: () => undefined },
      } as unknown as GetServerSidePropsContext<{ postId: string }>);
    for (const segment of [renamed, slug, String(post.id)]) {
      expect(await page(segment)).toEqual({ notFound: true });
    }
    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "post"), eq(auditLog.action, "post.delete")));
    expect(audit).toMatchObject({
      actorEmail: people.editor.email,
      subjectId: post.id,
      detail: { slug: renamed, old_slugs: [slug] },
    });
    const again = await call("/api/moderation/posts/{postId}", people.editor, {
      method: "DELETE",
      params: { postId: String(post.id) },
    });
    expect(again.status).toBe(404);
    // Its old address is free again.
    const reused = await call("/api/moderation/posts", people.editor, {
      method: "POST",
      body: {
        slug,
        title: "The address again",
        summary: "A new post at a freed address.",
        body: "",
        cover: null,
        cover_alt: "",
        author_id: null,
        tags: [],
      },
    });
    expect(reused.status).toBe(201);
  });
});

describe("the editor's pictures", () => {
  it.each(
    hostileImages(POST_IMAGE_MESSAGES, {
      maxSide: POST_IMAGE_MAX_SIDE,
      tooLarge: () => noisyPng(1700),
    }),
  )("refuses %s with 422 on image, storing nothing", async (_case, bytes, message) => {
    const folder = postImageFolder({ LOGO_DIR: logoDir });
    const before = await readdir(folder).catch(() => []);
    const answer = await call("/api/moderation/post-images", people.editor, {
      method: "POST",
      raw: await bytes(),
    });
    expect(answer).toMatchObject({ status: 422, body: { errors: { image: [message] } } });
    expect(await readdir(folder).catch(() => [])).toEqual(before);
  });
});

describe("who may write the blog", () => {
  it.each(["moderator", "finance"] as const)("refuses a %s (403) everywhere", async (role) => {
    const who = people[role];
    const answers = await Promise.all([
      call("/api/moderation/posts", who),
      call("/api/moderation/posts", who, { method: "POST", body: {} }),
      call("/api/moderation/posts/preview", who, { method: "POST", body: { body: "x" } }),
      call("/api/moderation/posts/{postId}/publish", who, {
        method: "POST",
        params: { postId: "1" },
      }),
      call("/api/moderation/posts/{postId}/unpublish", who, {
        method: "POST",
        params: { postId: "1" },
      }),
      call("/api/moderation/post-authors", who, { method: "POST", body: {} }),
      call("/api/moderation/posts/{postId}", who, { method: "DELETE", params: { postId: "1" } }),
      call("/api/moderation/post-images", who, {
        method: "POST",
        raw: await image(10, 10).png().toBuffer(),
      }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 403));
    // The seeded post 1 is as it was.
    const [seeded] = await handle.db.select().from(posts).where(eq(posts.id, 1));
    expect(seeded?.status).toBe("published");
  });
});
