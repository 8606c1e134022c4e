/** A blog post as lists show it (browser-safe: pages send it as props). */
export type PostSummary = {
  id: number;
  /** The post's path segment: /posts/{slug} is its canonical URL; /posts/{id} redirects there. */
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  date: string;
  author: { name: string; role: string };
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
