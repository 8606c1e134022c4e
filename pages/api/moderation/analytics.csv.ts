import { operations } from "@/lib/api-registry/operations";
import { analyticsCsv, analyticsCsvName } from "@/features/analytics/server/csv";
import { analyticsReport } from "@/features/analytics/server/report";
import { InvalidInput } from "@/lib/server/errors";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";

/**
 * GET, the board's owners and moderators (area insights): one table of the analytics dashboard
 * (issue 65) as CSV, saved as a file and never cached.
 */
export default apiRoute(
  handle(operations.getAnalyticsCsv, async ({ db, query }) => {
    const { table } = query;
    if (!table) throw new InvalidInput({ table: ["Choose one of the dashboard's tables"] });
    const report = await analyticsReport(db, query);
    return new FileReply(Buffer.from(analyticsCsv(report, table), "utf8"), {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${analyticsCsvName(report, table)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
