// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import {
  POST_IMAGE_NAME_PATTERN,
  POST_IMAGE_PATH_PREFIX,
  POST_LIMITS,
  POST_SLUG_PATTERN,
  POST_STATUSES,
  POST_TAG_PATTERN,
} from "@/lib/model/posts";
import { idSegment, singleLine, timestamp } from "@/lib/validation/fields";

/*
 * What an editor sends to write the blog (issue 64) and what the editor's screen reads: posts,
 * their authors, uploaded pictures, a preview. Browser-safe: the screen checks the same rules
 * before it sends. What needs the database (a slug taken, an author that exists, what publishing
 * asks for) is checked by server/post-editor.ts, as field errors of the same keys.
 */

const text = (label: string, max: number) =>
  z
    .string(`Write the ${label}`)
    .trim()
    .min(1, `Write the ${label}`)
    .max(max, `Keep the ${label} under ${max + 1} characters`);

const uploaded = new RegExp(
  `^${POST_IMAGE_PATH_PREFIX.replace(/\//g, "\\/")}${POST_IMAGE_NAME_PATTERN.source.slice(1, -1)}$`,
);
/** A picture uploaded here (/api/post-images/…), or one of the seed's covers (/blog/covers/…). */
const picture = z
  .string()
  .refine(
    (value) => uploaded.test(value) || /^\/blog\/covers\/[a-z0-9-]+\.svg$/.test(value),
    "Upload the picture here",
  );

export const postSlugSchema = z
  .string("Give the post's address")
  .min(1, "Give the post's address")
  .max(POST_LIMITS.slug, `Keep the address under ${POST_LIMITS.slug + 1} characters`)
  .regex(POST_SLUG_PATTERN, "Use lower-case letters and digits, words joined by single hyphens");

export const postInputSchema = z.strictObject({
  slug: postSlugSchema,
  title: singleLine(text("title", POST_LIMITS.title)),
  summary: singleLine(text("summary", POST_LIMITS.summary)),
  body: z
    .string("Write the post")
    .max(POST_LIMITS.body, `Keep the post under ${POST_LIMITS.body + 1} characters`),
  cover: picture.nullable(),
  cover_alt: z
    .string()
    .trim()
    .max(POST_LIMITS.coverAlt, `Keep the description under ${POST_LIMITS.coverAlt + 1} characters`),
  author_id: z.int("Choose an author").positive("Choose an author").nullable(),
  tags: z
    .array(
      z
        .string()
        .max(POST_LIMITS.tag, `Keep each tag under ${POST_LIMITS.tag + 1} characters`)
        .regex(POST_TAG_PATTERN, "Write tags in lower case, words joined by hyphens (job-search)"),
    )
    .max(POST_LIMITS.tags, `Give at most ${POST_LIMITS.tags} tags`)
    .refine((tags) => new Set(tags).size === tags.length, "Give each tag once"),
});
export type PostInput = z.output<typeof postInputSchema>;

export const postScheduleSchema = z.strictObject({ publish_at: timestamp });

export const postPreviewInputSchema = z.strictObject({
  body: z.string().max(POST_LIMITS.body, `Keep the post under ${POST_LIMITS.body + 1} characters`),
});
export const postPreviewSchema = z.strictObject({ html: z.string() });

export const postAuthorInputSchema = z.strictObject({
  name: singleLine(text("name", POST_LIMITS.authorName)),
  role: singleLine(text("role", POST_LIMITS.authorRole)),
  bio: z
    .string()
    .trim()
    .max(POST_LIMITS.authorBio, `Keep the bio under ${POST_LIMITS.authorBio + 1} characters`),
  photo: picture.nullable(),
});
export type PostAuthorInput = z.output<typeof postAuthorInputSchema>;

export const editorAuthorSchema = z.strictObject({
  id: z.int(),
  name: z.string(),
  role: z.string(),
  bio: z.string(),
  photo: z.string().nullable(),
  updated_at: timestamp,
});
export type EditorAuthor = z.output<typeof editorAuthorSchema>;

export const editorPostSummarySchema = z.strictObject({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(POST_STATUSES),
  author_id: z.int().nullable(),
  tags: z.array(z.string()),
  publish_at: timestamp.nullable(),
  published_at: timestamp.nullable(),
  updated_at: timestamp,
  updated_by: z.string().nullable(),
});
export type EditorPostSummary = z.output<typeof editorPostSummarySchema>;

export const editorPostSchema = editorPostSummarySchema.extend({
  summary: z.string(),
  body: z.string(),
  cover: z.string().nullable(),
  cover_alt: z.string(),
  /** Old addresses that answer with a redirect to this post. */
  old_slugs: z.array(z.string()),
});
export type EditorPost = z.output<typeof editorPostSchema>;

export const editorPostAnswer = z.strictObject({ post: editorPostSchema });
export const editorPostsAnswer = z.strictObject({
  posts: z.array(editorPostSummarySchema),
  authors: z.array(editorAuthorSchema),
});
export const postDeletedAnswer = z.strictObject({ deleted: z.literal(true) });
export const editorAuthorAnswer = z.strictObject({ author: editorAuthorSchema });
export const postImageAnswer = z.strictObject({
  image: z.strictObject({ url: z.string(), width: z.int(), height: z.int() }),
});

export const postParams = z.strictObject({ postId: idSegment("Post") });
export const postAuthorParams = z.strictObject({ authorId: idSegment("Author") });
