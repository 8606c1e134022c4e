import { Feed } from "feed";
import { routes } from "@/lib/routes";
import type { Database } from "@/lib/server/db/client";
import { boardSettings } from "@/lib/board-settings";
import { refreshBoardSettings } from "@/lib/server/board-settings";
import { listPosts } from "./posts";

/** The blog as RSS 2.0, newest first, with absolute links on `siteUrl`. */
export async function buildBlogFeed(
  db: Database,
  siteUrl: string,
  now: Date = new Date(),
): Promise<string> {
  const posts = await listPosts(db, now);
  // The board's name as its owner set it (lib/board-settings.ts).
  await refreshBoardSettings(db);
  const { name } = boardSettings();
  const feed = new Feed({
    title: `${name} blog`,
    description:
      "Career advice, hiring guides and news for the people who build the creator economy.",
    id: `${siteUrl}${routes.blog}`,
    link: `${siteUrl}${routes.blog}`,
    language: "en",
    copyright: `© ${name}`,
    updated: posts[0] ? new Date(`${posts[0].date}T00:00:00Z`) : new Date(0),
    feedLinks: { rss: `${siteUrl}${routes.blogFeed}` },
  });
  for (const post of posts) {
    const url = `${siteUrl}${routes.post(post.slug)}`;
    feed.addItem({
      title: post.title,
      id: url,
      link: url,
      description: post.description,
      date: new Date(`${post.date}T00:00:00Z`),
      author: [{ name: post.author.name }],
      category: post.tags.map((tag) => ({ name: tag })),
      image: {
        url: `${siteUrl}${post.cover}`,
        type: post.cover.endsWith(".svg") ? "image/svg+xml" : "image/webp",
      },
    });
  }
  return feed.rss2();
}
