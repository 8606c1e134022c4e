import { operations } from "@/lib/api-registry/operations";
import { recommendJobs } from "@/features/account/server/preferences";
import { apiRoute, handle } from "@/lib/server/http/api-route";

export default apiRoute(
  handle(operations.listRecommendations, ({ db, user, query }) =>
    recommendJobs(db, user.id, query.page),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
