import { operations } from "@/lib/api-registry/operations";
import { leave } from "@/features/companies/server/team-api";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** POST: the caller leaves their company (its owner hands it over first). */
export default apiRoute(
  handle(operations.leaveCompany, ({ db, user, member }) => leave(db, { user, member })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
