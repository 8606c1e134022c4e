import { Feed } from "feed";
import { routes } from "@/lib/routes";
import type { Database } from "@/lib/server/db/client";
import { SITE_NAME } from "@/lib/site";
import { listPosts } from "./posts";

/** The blog as RSS 2.0, newest first, with absolute links on `siteUrl`. */
export async function buildBlogFeed(
  db: Database,
  siteUrl: string,
  now: Date = new Date(),
): Promise<string> {
  const posts = await listPosts(db, now);
  const feed = new Feed({
    title: `${SITE_NAME} blog`,
    description:
      "Career advice, hiring guides and news for the people who build the creator economy.",
    id: `${siteUrl}${routes.blog}`,
    link: `${siteUrl}${routes.blog}`,
    language: "en",
    copyright: `© ${SITE_NAME}`,
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
