import { operations } from "@/lib/api-registry/operations";
import { analyticsReport } from "@/features/analytics/server/report";
import { apiRoute, handle } from "@/lib/server/http/api-route";

/**
 * GET, the board's owners and moderators (area insights): the analytics dashboard's traffic,
 * searches, funnel and audience (issue 65), never cached.
 */
export default apiRoute(
  handle(operations.getAnalyticsReport, ({ db, query }) => analyticsReport(db, query)),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
