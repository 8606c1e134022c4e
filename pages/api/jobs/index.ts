import { operations } from "@/lib/api-registry/operations";
import { listCacheControl } from "@/lib/server/http/cache";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { searchJobBoard } from "@/features/jobs/server/job-search";

export default apiRoute(
  handle(operations.listJobs, ({ db, query }) => searchJobBoard(db, query), {
    cache: () => listCacheControl(),
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
