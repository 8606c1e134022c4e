import { keepPreviousData, useMutation } from "@tanstack/react-query";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import { callOperation } from "@/lib/api/call";
import type { ApiAnswer } from "@/lib/api-registry/operations";
import type { RevenueTable } from "@/features/billing/revenue-schemas";
import { saveFile } from "@/lib/save-file";

/*
 * The owner's revenue report (issue 63) on /review/revenue: the report for a range of months,
 * and each of its tables as a CSV file.
 */

export type RevenueAnswer = ApiAnswer<"getRevenueReport">;
export type RevenueRange = { from: string; to: string };

export const revenueKeys = {
  range: (range: RevenueRange) => ["admin", "revenue", range.from, range.to] as const,
};

/** GET /api/moderation/revenue for `range`; the last report stays shown while the next loads. */
export function useRevenueReport(range: RevenueRange) {
  return usePersonalQuery({
    queryKey: revenueKeys.range(range),
    operation: "getRevenueReport",
    query: range,
    placeholderData: keepPreviousData,
    // A range refused (422) is the form's to show: asking again would not help.
    retry: false,
  });
}

/**
 * Downloads one table as CSV (GET /api/moderation/revenue.csv): fetched with the token, then
 * saved through a temporary link, since a plain link could not send the token.
 */
export function useRevenueCsv() {
  return useMutation({
    mutationFn: ({ range, table }: { range: RevenueRange; table: RevenueTable }) =>
      callOperation("getRevenueCsv", {
        query: { ...range, table },
        config: { responseType: "blob", headers: { Accept: "text/csv" } },
      }),
    onSuccess: (blob, { range, table }) =>
      saveFile(blob, `revenue-${table}-${range.from}-${range.to}.csv`),
  });
}
