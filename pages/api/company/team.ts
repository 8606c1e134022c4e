import { operations } from "@/lib/api-registry/operations";
import { teamOf } from "@/features/companies/server/team";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/** GET: the caller's company team (issue 44). */
export default apiRoute(
  handle(operations.getTeam, async ({ db, member }) => ({ team: await teamOf(db, member) })),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
