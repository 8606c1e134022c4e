import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { listProfileViews } from "@/features/directory/server/views";

/** GET: the companies that opened the caller's profile in the last 30 days (never who). */
export default apiRoute(
  handle(operations.listProfileViews, ({ db, user }) => listProfileViews(db, user.id)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
