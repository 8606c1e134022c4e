import { operations } from "@/lib/api-registry/operations";
import { POST_IMAGE_CACHE_CONTROL } from "@/lib/model/posts";
import { notFound } from "@/lib/server/errors";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";
import { postImageStore } from "@/features/content/server/post-images";

/**
 * GET /api/post-images/{name}: a picture of the blog from the configured store, served as logos
 * are (pages/api/logos/[name].ts): the name checked before anything is read.
 */
export default apiRoute(
  handle(
    operations.getPostImage,
    async ({ params: { name } }) => {
      const bytes = await postImageStore().get(name);
      if (!bytes) throw notFound("There is no picture of that name");
      return new FileReply(bytes, {
        "Content-Type": "image/webp",
        "X-Content-Type-Options": "nosniff",
      });
    },
    { cache: POST_IMAGE_CACHE_CONTROL, database: false },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
