import { operations } from "@/lib/api-registry/operations";
import { employerFunnel } from "@/features/analytics/server/employer-funnel";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/**
 * GET, any member of a company: its own funnel (issue 65), each listing beside the board's
 * median for its department. The company is the caller's membership's, never the request's.
 */
export default apiRoute(
  handle(operations.getEmployerFunnel, ({ db, member, query }) =>
    employerFunnel(db, member.companyId, query),
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
