import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/server/db/client";
import { postAuthors, posts } from "@/lib/server/db/schema";
import { dayDate, readContentFolder } from "./content-files";

/*
 * The blog's seed: the posts that were files in content/posts before editors wrote them in the
 * app (issue 64), with their ids, addresses, dates, authors, tags and covers. A board whose posts
 * table is empty gets them (on its first start, and with the sample board); the files are not
 * read again once it has posts. They are never changed.
 */

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

/** Inserts content/posts when the posts table is empty; answers how many posts it inserted. */
export async function seedPostsIfEmpty(db: Database): Promise<number> {
  const files = await readContentFolder("posts", frontMatter);
  return db.transaction(async (tx) => {
    // One seed at a time (two instances starting at once): the second finds the posts there.
    await tx.execute(sql`lock table ${posts} in exclusive mode`);
    const [any] = await tx.select({ id: posts.id }).from(posts).limit(1);
    if (any || files.length === 0) return 0;
    const authorIds = new Map<string, number>();
    for (const { data } of files) {
      const key = `${data.author.name}\n${data.author.role}`;
      if (authorIds.has(key)) continue;
      const [author] = await tx
        .insert(postAuthors)
        .values({ name: data.author.name, role: data.author.role })
        .returning({ id: postAuthors.id });
      authorIds.set(key, author!.id);
    }
    await tx.insert(posts).values(
      files.map(({ name, data, body }) => {
        const date = new Date(`${data.date}T00:00:00Z`);
        return {
          id: data.id,
          slug: name,
          title: data.title,
          summary: data.description,
          body,
          cover: data.cover,
          coverAlt: data.coverAlt,
          authorId: authorIds.get(`${data.author.name}\n${data.author.role}`)!,
          tags: data.tags,
          status: "published" as const,
          publishAt: date,
          publishedAt: date,
          createdAt: date,
          updatedAt: date,
        };
      }),
    );
    // The next post written in the app takes the id after the files' highest.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('posts', 'id'), (select max(id) from ${posts}))`,
    );
    return files.length;
  });
}
