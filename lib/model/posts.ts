import { getPostImage } from "@/lib/api/public-routes.generated";
import { pathPrefix, routePath } from "@/lib/api/paths";

/*
 * Blog posts as the editors write them (issue 64): their states and the limits of their fields,
 * shared by the table (lib/server/db/schema/posts.ts), the editor's API and its screen.
 */

/**
 * draft: written, not public; scheduled: public from publish_at on (the publish-posts task makes
 * it published then); published: public; unpublished: taken off the blog, kept to edit.
 */
export const POST_STATUSES = ["draft", "scheduled", "published", "unpublished"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_STATUS_LABELS: Record<PostStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  unpublished: "Unpublished",
};

/** A post's address (/posts/{slug}) and a tag: lower-case words joined by hyphens. */
export const POST_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * A tag: words in lower case joined by hyphens, in any script (careers, praca-zdalna, 仕事,
 * وظائف): lower-case letters, letters without case, their marks, and digits.
 */
export const POST_TAG_PATTERN =
  /^[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{Nd}]+(-[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{Nd}]+)*$/u;

/** Latin letters NFKD does not take apart into a base letter and its marks. */
const LATIN_LETTERS: Record<string, string> = {
  ł: "l",
  đ: "d",
  ð: "d",
  ø: "o",
  œ: "oe",
  æ: "ae",
  ß: "ss",
  þ: "th",
  ı: "i",
};

/**
 * The address a title suggests (issue 64): addresses are ASCII (POST_SLUG_PATTERN), so a Latin
 * title is transliterated ("Zażółć gęślą jaźń" → "zazolc-gesla-jazn") and what has no Latin
 * form (Japanese, Arabic…) is left out; a title of none gives "", and the editor writes one.
 */
export function slugFromTitle(title: string, max = 80): string {
  const latin = title
    .toLowerCase()
    .replace(/[łđðøœæßþı]/g, (letter) => LATIN_LETTERS[letter] ?? letter)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "");
  const words = latin.split(/[^a-z0-9]+/).filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > max) break;
    slug = next;
  }
  return slug;
}

export const POST_LIMITS = {
  slug: 80,
  title: 90,
  summary: 200,
  body: 100_000,
  coverAlt: 200,
  tag: 40,
  tags: 8,
  authorName: 80,
  authorRole: 80,
  authorBio: 400,
} as const;

/** Where the blog's uploaded pictures are served: /api/post-images/{name} (getPostImage). */
export const POST_IMAGE_PATH_PREFIX = pathPrefix(getPostImage);

/** An uploaded picture's name: the SHA-256 of its encoded bytes, in hex, and its format. */
export const POST_IMAGE_NAME_PATTERN = /^[0-9a-f]{64}\.webp$/;

/** A picture's name is the hash of its bytes: what an address shows never changes. */
export const POST_IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** The largest picture an editor may upload, and the most pixels a side it may have. */
export const POST_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const POST_IMAGE_MAX_SIDE = 8000;

/** Stored pictures fit within this many pixels a side (a cover is shown at 1200×630). */
export const POST_IMAGE_SIZE = 1600;

export const postImagePath = (name: string) => routePath(getPostImage, { name });
