import { operations } from "@/lib/api-registry/operations";
import { withdrawAndForget } from "@/features/applications/server/application-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: withdraw one of the caller's applications still waiting for an answer. */
export default apiRoute(
  handle(operations.withdrawJobApplication, async ({ db, user, params }) => ({
    application: await withdrawAndForget(db, user, params.applicationId),
  })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
