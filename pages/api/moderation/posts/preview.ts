import { operations } from "@/lib/api-registry/operations";
import { previewPost } from "@/features/content/server/post-editor";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST a post's Markdown: the HTML its page would show, sanitised (issue 64). */
export default apiRoute(handle(operations.previewPost, ({ body }) => previewPost(body.body)));

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
