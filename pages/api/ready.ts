import { operations } from "@/lib/api-registry/operations";
import { checkReadiness } from "@/lib/server/health/health";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** Readiness: the database answers and every migration is applied; 503 naming what is not. */
export default apiRoute(
  handle(
    operations.checkReadiness,
    async () => {
      await checkReadiness();
      return {
        status: "ok" as const,
        checks: { database: "ok" as const, migrations: "ok" as const },
      };
    },
    // Its own check of the database answers 503 saying so, rather than the pipeline's.
    { database: false },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
