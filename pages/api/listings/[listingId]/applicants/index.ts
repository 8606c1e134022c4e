import { operations } from "@/lib/api-registry/operations";
import { listApplicants } from "@/features/applications/server/employer-pipeline";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET: a listing's applicants, for its employer and moderators. */
export default apiRoute(
  handle(operations.listApplicants, ({ db, user, member, params, query }) =>
    listApplicants(db, { user, member }, params.listingId, query.stage),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
