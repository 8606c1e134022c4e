import { operations } from "@/lib/api-registry/operations";
import { listOwnJobApplications } from "@/features/applications/server/candidate-applications";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET: the caller's applications made on the board. */
export default apiRoute(
  handle(operations.listOwnJobApplications, async ({ db, user }) => ({
    applications: await listOwnJobApplications(db, user.id),
  })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
