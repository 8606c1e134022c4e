/** Who a post is by, as its page shows them. */
export type PostAuthor = {
  name: string;
  role: string;
  /** A short bio; empty for none. */
  bio: string;
  /** Their photo's address, or null. */
  photo: string | null;
};

/** A blog post as lists show it (browser-safe: pages send it as props). */
export type PostSummary = {
  id: number;
  /** The post's path segment: /posts/{slug} is its canonical URL; /posts/{id} redirects there. */
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD: the day it was published. */
  date: string;
  author: PostAuthor;
  tags: string[];
  cover: string;
  coverAlt: string;
  readingMinutes: number;
};

export type Post = PostSummary & { html: string };

export const POSTS_PER_PAGE = 6;

/** "job-search" → "Job search". */
export const tagLabel = (tag: string) =>
  tag.charAt(0).toUpperCase() + tag.slice(1).replace(/-/g, " ");
