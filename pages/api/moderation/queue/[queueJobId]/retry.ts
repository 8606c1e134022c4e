import { operations } from "@/lib/api-registry/operations";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { retryFailedJob } from "@/lib/server/queue/inspect";

/** POST, moderators only: a failed job (a message, a periodic task) is tried again at once. */
export default apiRoute(
  handle(operations.retryQueueJob, ({ db, params }) => retryFailedJob(db, params.queueJobId)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
