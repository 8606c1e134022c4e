import type { AnalyticsReport, FunnelDimension } from "@/features/analytics/analytics-schemas";
import { audienceReport } from "@/features/analytics/server/audience";
import { funnelReport } from "@/features/analytics/server/funnel";
import { analyticsRange } from "@/features/analytics/server/range";
import { searchReport } from "@/features/analytics/server/search-report";
import { trafficReport } from "@/features/analytics/server/traffic-report";
import type { Database } from "@/lib/server/db/client";

/**
 * `GET /api/moderation/analytics`: the owner's dashboard for `from`–`to` (UTC days, both
 * included; default the last 7, today included), each figure beside the previous period of the
 * same length. 422 on `to` for a backwards or too long range.
 */
export async function analyticsReport(
  db: Database,
  query: { from?: string; to?: string; by: FunnelDimension },
  now: Date = new Date(),
): Promise<AnalyticsReport> {
  const range = analyticsRange(query, now);
  const [traffic, searches, funnel, audience] = await Promise.all([
    trafficReport(db, range),
    searchReport(db, range),
    funnelReport(db, range, query.by, now),
    audienceReport(db, range),
  ]);
  return { traffic, searches, funnel, audience };
}
