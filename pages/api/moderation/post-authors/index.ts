import { operations } from "@/lib/api-registry/operations";
import { moderatorActor } from "@/lib/server/audit/moderator-actor";
import { createPostAuthor } from "@/features/content/server/post-editor";
import { apiRoute, handle, Reply } from "@/lib/server/http/api-route";

/** POST a new author of the blog (issue 64). */
export default apiRoute(
  handle(
    operations.createPostAuthor,
    async ({ db, moderator, body }) =>
      new Reply(201, await createPostAuthor(db, await moderatorActor(db, moderator), body)),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
