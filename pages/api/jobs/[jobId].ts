import { operations } from "@/lib/api-registry/operations";
import { notFound } from "@/lib/server/errors";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { getJob } from "@/features/jobs/server/jobs";

export default apiRoute(
  handle(
    operations.getJob,
    async ({ db, params }) => {
      const job = await getJob(db, params.jobId.id);
      if (!job) throw notFound("There is no job with that id");
      return job;
    },
    { cache: PUBLIC_CACHE_CONTROL.job },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
