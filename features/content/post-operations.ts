// First: zod must be told not to try eval before this module builds its schemas.
import "@/lib/zod-jitless";
import { z } from "zod";
import { POST_IMAGE_NAME_PATTERN } from "@/lib/model/posts";
import {
  editorAuthorAnswer,
  editorPostAnswer,
  editorPostsAnswer,
  postAuthorInputSchema,
  postAuthorParams,
  postImageAnswer,
  postInputSchema,
  postDeletedAnswer,
  postParams,
  postPreviewInputSchema,
  postPreviewSchema,
  postScheduleSchema,
} from "@/features/content/post-schemas";
import { operation } from "@/lib/api/operation";

/*
 * The blog's editor (issue 64): the board's editors (and owners) write posts and their authors.
 * Moderator operations in the area "content"; spread into moderationOperations
 * (features/moderation/moderation-operations.ts), where every moderator operation is declared.
 */
export const postEditorOperations = {
  listEditorPosts: operation({
    method: "GET",
    path: "/api/moderation/posts",
    summary: "Every post of the blog, whatever its state, newest change first, and every author",
    access: "moderator",
    board: { area: "content" },
    answers: { 200: editorPostsAnswer },
  }),
  createPost: operation({
    method: "POST",
    path: "/api/moderation/posts",
    summary: "Write a new post, as a draft",
    description: "422 on slug when another post has (or had) that address; on author_id for none.",
    access: "moderator",
    board: { area: "content" },
    body: postInputSchema,
    answers: { 201: editorPostAnswer },
  }),
  previewPost: operation({
    method: "POST",
    path: "/api/moderation/posts/preview",
    summary: "A post's Markdown as its page will show it: rendered and sanitised HTML",
    access: "moderator",
    board: { area: "content" },
    body: postPreviewInputSchema,
    answers: { 200: postPreviewSchema },
  }),
  getEditorPost: operation({
    method: "GET",
    path: "/api/moderation/posts/{postId}",
    summary: "One post, whatever its state, with the old addresses that redirect to it",
    access: "moderator",
    board: { area: "content" },
    params: postParams,
    answers: { 200: editorPostAnswer },
    errors: [404],
  }),
  updatePost: operation({
    method: "PUT",
    path: "/api/moderation/posts/{postId}",
    summary: "Change a post: address, title, summary, body, cover, author, tags",
    description:
      "A new address for a post that was ever public keeps the old one as a permanent redirect. A published or scheduled post keeps what publishing asks for (422 on cover, cover_alt, author_id, body). The blog, the post, the feed and the sitemaps are purged.",
    access: "moderator",
    board: { area: "content" },
    params: postParams,
    body: postInputSchema,
    answers: { 200: editorPostAnswer },
    errors: [404],
  }),
  schedulePost: operation({
    method: "POST",
    path: "/api/moderation/posts/{postId}/schedule",
    summary: "Publish a post at a time to come: the job queue publishes it then",
    description:
      "422 on publish_at for a time past; on cover, cover_alt, author_id or body for what publishing asks.",
    access: "moderator",
    board: { area: "content" },
    params: postParams,
    body: postScheduleSchema,
    answers: { 200: editorPostAnswer },
    errors: [404],
  }),
  publishPost: operation({
    method: "POST",
    path: "/api/moderation/posts/{postId}/publish",
    summary: "Publish a post now (one on the blog already keeps its date)",
    description: "422 on cover, cover_alt, author_id or body for what publishing asks.",
    access: "moderator",
    board: { area: "content" },
    params: postParams,
    answers: { 200: editorPostAnswer },
    errors: [404],
  }),
  unpublishPost: operation({
    method: "POST",
    path: "/api/moderation/posts/{postId}/unpublish",
    summary: "Take a post off the blog (or a scheduled one off the schedule); it stays to edit",
    access: "moderator",
    board: { area: "content" },
    params: postParams,
    answers: { 200: editorPostAnswer },
    errors: [404],
  }),
  deletePost: operation({
    method: "DELETE",
    path: "/api/moderation/posts/{postId}",
    summary: "Delete a post off the blog (a draft or an unpublished one), with its old addresses",
    description:
      "409 for a published or scheduled post: unpublish it first. Its address and old addresses answer 404 after, and may be used again. The blog, the feed and the sitemaps are purged.",
    access: "moderator",
    board: { area: "content" },
    params: postParams,
    answers: { 200: postDeletedAnswer },
    errors: [404, 409],
  }),
  createPostAuthor: operation({
    method: "POST",
    path: "/api/moderation/post-authors",
    summary: "Add an author: name, role, short bio, photo",
    access: "moderator",
    board: { area: "content" },
    body: postAuthorInputSchema,
    answers: { 201: editorAuthorAnswer },
  }),
  updatePostAuthor: operation({
    method: "PUT",
    path: "/api/moderation/post-authors/{authorId}",
    summary: "Change an author: every post by them shows it",
    access: "moderator",
    board: { area: "content" },
    params: postAuthorParams,
    body: postAuthorInputSchema,
    answers: { 200: editorAuthorAnswer },
    errors: [404],
  }),
  uploadPostImage: operation({
    method: "POST",
    path: "/api/moderation/post-images",
    summary: "Upload a picture for a post (its cover or its body) or an author's photo",
    description:
      "The body is the image file itself: PNG, JPEG or WebP (decided by its bytes, whatever the " +
      "Content-Type says), at most 8 MB and 8000 pixels a side, checked as company logos are. It " +
      "is re-encoded to WebP within 1600 pixels a side, without metadata, and served from " +
      "/api/post-images/. Anything else is refused with 422 on `image`.",
    access: "moderator",
    board: { area: "content" },
    rawBody: { contentType: "image/*" },
    answers: { 201: postImageAnswer },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;

/** The blog's pictures as the site serves them; spread into `operations`. */
export const postImageOperations = {
  getPostImage: operation({
    method: "GET",
    path: "/api/post-images/{name}",
    summary: "A picture of the blog (a cover, an author's photo, a picture in a post)",
    description:
      "Names are the hash of the file's bytes, so an address never changes what it shows: " +
      "answered with Cache-Control: public, max-age=31536000, immutable.",
    access: "public",
    params: z.strictObject({
      name: z.string().regex(POST_IMAGE_NAME_PATTERN, "There is no picture of that name"),
    }),
    answers: { 200: { file: "image/webp" } },
  }),
} as const satisfies Record<string, ReturnType<typeof operation>>;
