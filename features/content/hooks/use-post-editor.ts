import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer, ApiBody } from "@/lib/api-registry/operations";

/*
 * The blog's editor on /review/posts (issue 64): the posts and authors, one post to edit, and
 * each change to them. Every change is followed by a fresh read of the list; field errors (422)
 * are the form's to show next to its fields.
 */

export type EditorPosts = ApiAnswer<"listEditorPosts">;
export type EditorPostSummary = EditorPosts["posts"][number];
export type EditorAuthor = EditorPosts["authors"][number];
export type EditorPost = ApiAnswer<"getEditorPost">["post"];
export type PostBody = ApiBody<"createPost">;
export type AuthorBody = ApiBody<"createPostAuthor">;

export const postEditorKeys = {
  all: ["admin", "posts"] as const,
  post: (id: number) => ["admin", "posts", id] as const,
};

/** GET /api/moderation/posts: every post and author. */
export function useEditorPosts() {
  return usePersonalQuery({ queryKey: postEditorKeys.all, operation: "listEditorPosts" });
}

/** GET /api/moderation/posts/{postId}: one post to edit. */
export function useEditorPost(postId: number | null) {
  return usePersonalQuery({
    queryKey: postEditorKeys.post(postId ?? 0),
    operation: "getEditorPost",
    params: { postId: String(postId ?? 0) },
    enabled: postId !== null,
  });
}

function usePostChange<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postEditorKeys.all }),
  });
}

/** POST /api/moderation/posts for a new post, PUT .../{postId} for one written. */
export function useSavePost(postId: number | null) {
  return usePostChange((body: PostBody) =>
    postId === null
      ? callOperation("createPost", { body })
      : callOperation("updatePost", { params: { postId: String(postId) }, body }),
  );
}

export type PostAction = "publish" | "unpublish" | { publishAt: string };

/** Publish now, unpublish, or schedule for a time. */
export function usePostStatus(postId: number) {
  const params = { postId: String(postId) };
  return usePostChange((action: PostAction) =>
    action === "publish"
      ? callOperation("publishPost", { params })
      : action === "unpublish"
        ? callOperation("unpublishPost", { params })
        : callOperation("schedulePost", { params, body: { publish_at: action.publishAt } }),
  );
}

/** DELETE /api/moderation/posts/{postId}: a post off the blog, for good (409 for one on it). */
export function useDeletePost() {
  return usePostChange((postId: number) =>
    callOperation("deletePost", { params: { postId: String(postId) } }),
  );
}

/** POST /api/moderation/post-authors for a new author, PUT .../{authorId} for one there. */
export function useSaveAuthor(authorId: number | null) {
  return usePostChange((body: AuthorBody) =>
    authorId === null
      ? callOperation("createPostAuthor", { body })
      : callOperation("updatePostAuthor", { params: { authorId: String(authorId) }, body }),
  );
}

/** POST /api/moderation/post-images with the file's bytes: its address once stored. */
export function useUploadPostImage() {
  return useMutation({
    mutationFn: (file: File) =>
      callOperation("uploadPostImage", {
        body: file,
        config: { headers: { "Content-Type": file.type || "application/octet-stream" } },
      }),
  });
}

/** POST /api/moderation/posts/preview: the body as the post's page will show it. */
export function usePostPreview() {
  return useMutation({
    mutationFn: (body: string) => callOperation("previewPost", { body: { body } }),
  });
}
