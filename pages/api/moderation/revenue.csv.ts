import { operations } from "@/lib/api-registry/operations";
import { revenueCsv, revenueCsvName, revenueReport } from "@/features/billing/server/revenue";
import { apiRoute, FileReply, handle } from "@/lib/server/http/api-route";

/**
 * GET, moderators only: one table of the revenue report (issue 63) as CSV, saved as a file and
 * never cached: what the board earned is the owner's business.
 */
export default apiRoute(
  handle(operations.getRevenueCsv, async ({ db, query }) => {
    const report = await revenueReport(db, query);
    return new FileReply(Buffer.from(revenueCsv(report, query.table), "utf8"), {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${revenueCsvName(report, query.table)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  }),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
