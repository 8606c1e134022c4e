import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** Liveness: the process answers. Touches no database, so it answers while that is away. */
export default apiRoute(
  handle(
    operations.checkHealth,
    async () => ({ status: "ok" as const, uptime_seconds: Math.round(process.uptime()) }),
    { database: false },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
