import { keepPreviousData, useMutation } from "@tanstack/react-query";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { AnalyticsTable, FunnelDimension } from "@/features/analytics/analytics-schemas";
import { saveFile } from "@/lib/save-file";

/*
 * What the board learns from itself (issue 65): the owner's report on /review/analytics, each of
 * its tables as CSV, and an employer's own funnel on /listings.
 */

/** A range of UTC days, inclusive, and what the funnel is split by. */
export type AnalyticsQuery = { from: string; to: string; by: FunnelDimension };

export const analyticsKeys = {
  report: (query: AnalyticsQuery) =>
    ["admin", "analytics", query.from, query.to, query.by] as const,
  funnel: (range: { from: string; to: string }) =>
    ["company", "funnel", range.from, range.to] as const,
};

/** GET /api/moderation/analytics; the last report stays shown while the next loads. */
export function useAnalyticsReport(query: AnalyticsQuery) {
  return usePersonalQuery({
    queryKey: analyticsKeys.report(query),
    operation: "getAnalyticsReport",
    query,
    placeholderData: keepPreviousData,
    // A range refused (422) is the form's to show: asking again would not help.
    retry: false,
  });
}

/**
 * Downloads one table as CSV (GET /api/moderation/analytics.csv): fetched with the token, then
 * saved through a temporary link, since a plain link could not send the token.
 */
export function useAnalyticsCsv() {
  return useMutation({
    mutationFn: ({ query, table }: { query: AnalyticsQuery; table: AnalyticsTable }) =>
      callOperation("getAnalyticsCsv", {
        query: { ...query, table },
        config: { responseType: "blob", headers: { Accept: "text/csv" } },
      }),
    onSuccess: (blob, { query, table }) =>
      saveFile(blob, `analytics-${table}-${query.from}-${query.to}.csv`),
  });
}

/** GET /api/company/funnel: the caller's company's funnel over a range of days. */
export function useEmployerFunnel(range: { from: string; to: string }) {
  return usePersonalQuery({
    queryKey: analyticsKeys.funnel(range),
    operation: "getEmployerFunnel",
    query: range,
    // The last range's funnel stays shown while the next loads, so the card keeps its height.
    placeholderData: keepPreviousData,
  });
}
