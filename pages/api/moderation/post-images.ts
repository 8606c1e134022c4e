import { operations } from "@/lib/api-registry/operations";
import { POST_IMAGE_MAX_BYTES } from "@/lib/model/posts";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { uploadPostImage } from "@/features/content/server/post-editor";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** POST a picture's bytes: checked and re-encoded as logos are, stored, its address (issue 64). */
export default apiRoute(
  handle(
    operations.uploadPostImage,
    async ({ db, moderator, rawBody }) =>
      new Reply(201, await uploadPostImage(db, await moderatorActor(db, moderator), rawBody)),
    // A file a little over the limit hears why (422 on image); far over, it is cut off unread.
    { bodyLimit: 2 * POST_IMAGE_MAX_BYTES },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
