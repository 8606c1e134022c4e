import { operations } from "@/lib/api-registry/operations";
import { reportBySlug } from "@/features/reports/reports";
import { PUBLIC_CACHE_CONTROL } from "@/lib/server/http/cache";
import { apiRoute, handle } from "@/lib/server/http/api-route";
import { computeQuarterReport } from "@/features/reports/server/reports";

/**
 * A quarter's report figures as JSON: /api/reports/q3-2025, the same figures as its page; any
 * quarter that has ended since Q1 2024 (features/reports/reports.ts), 404 for one still to come.
 */
export default apiRoute(
  handle(
    operations.getQuarterReport,
    ({ db, params }) => {
      // The params schema let through only a quarter that has a report.
      const report = reportBySlug(params.quarter)!;
      return computeQuarterReport(db, report.quarter);
    },
    { cache: PUBLIC_CACHE_CONTROL.report },
  ),
);

/** Bodies are read, and refused in JSON, by the API pipeline (lib/server/http/api-route.ts). */
export const config = { api: { bodyParser: false } };
