import { HIRING_REPORTS, reportSlug } from "@/lib/reports";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { notFound } from "@/lib/server/http/errors";
import { apiHandler } from "@/lib/server/http/handler";
import { getDatabase } from "@/lib/server/db";
import { computeQuarterReport } from "@/lib/server/reports/report-service";

/** A quarter's report figures as JSON: /api/reports/q3-2025, the same figures as its page. */
export default apiHandler({
  GET: async (req, res) => {
    const report = HIRING_REPORTS.find((entry) => reportSlug(entry.quarter) === req.query.quarter);
    if (!report) throw notFound("No report for this quarter");
    const figures = await computeQuarterReport(await getDatabase(), report.quarter);
    res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL.report);
    return figures;
  },
});

/** Bodies are read, and refused in JSON, by apiHandler. */
export const config = { api: { bodyParser: false } };
