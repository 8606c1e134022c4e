import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { queueStatus } from "@/lib/server/queue/inspect";

/** GET, moderators only: each queue's backlog, and the jobs whose retries are spent. */
export default apiRoute(handle(operations.getQueueStatus, ({ db }) => queueStatus(db)));

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
