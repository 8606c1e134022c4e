import { basename, dirname, join } from "node:path";
import {
  POST_IMAGE_CACHE_CONTROL,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_MAX_SIDE,
  POST_IMAGE_NAME_PATTERN,
  POST_IMAGE_SIZE,
  postImagePath,
} from "@/lib/model/posts";
import { readServerEnv, type ServerEnv } from "@/lib/server/env";
import { encodeUpload, uploadMessages, type EncodedImage } from "@/lib/server/images/upload-image";
import {
  configuredFileStore,
  type FileKind,
  type FileStore,
} from "@/lib/server/storage/file-store";

/*
 * The blog's pictures (covers, authors' photos, pictures in a post's body), uploaded by editors:
 * checked and re-encoded the way company logos are (lib/server/images/upload-image.ts), fitted
 * within POST_IMAGE_SIZE a side, named by their hash and kept like logos, in a folder beside
 * theirs or the same S3 bucket under post-images/, and served from /api/post-images/{name}.
 */

export const POST_IMAGE_MESSAGES = uploadMessages(
  "image",
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_MAX_SIDE,
);

const POST_IMAGE_FILES: FileKind = {
  owner: "a blog picture's",
  pattern: POST_IMAGE_NAME_PATTERN,
  prefix: "post-images/",
  contentType: "image/webp",
  cacheControl: POST_IMAGE_CACHE_CONTROL,
};

/**
 * The folder of the blog's pictures without a bucket: beside the logos' folder, named like it
 * with `post-images` for `logos` (data/pglite-logos → data/pglite-post-images).
 */
export function postImageFolder(env: Pick<ServerEnv, "LOGO_DIR">): string {
  const logos = basename(env.LOGO_DIR);
  const name = /logos$/.test(logos)
    ? logos.replace(/logos$/, "post-images")
    : `${logos}-post-images`;
  return join(dirname(env.LOGO_DIR), name);
}

const configured = configuredFileStore(POST_IMAGE_FILES, postImageFolder);

export function postImageStore(env: ServerEnv = readServerEnv()): FileStore {
  return configured(env);
}

/** An uploaded picture checked, re-encoded and stored: its address and size. */
export async function storePostImage(
  upload: Buffer,
  store: FileStore = postImageStore(),
): Promise<{ url: string; width: number; height: number }> {
  const image: EncodedImage = await encodeUpload(upload, {
    field: "image",
    maxBytes: POST_IMAGE_MAX_BYTES,
    maxSide: POST_IMAGE_MAX_SIDE,
    messages: POST_IMAGE_MESSAGES,
    encode: (picture) =>
      picture
        .resize(POST_IMAGE_SIZE, POST_IMAGE_SIZE, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82, effort: 4 }),
  });
  await store.put(image.name, image.bytes);
  return { url: postImagePath(image.name), width: image.width, height: image.height };
}
