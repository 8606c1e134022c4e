import { listingKeys } from "@/lib/query-keys";
import { usePersonalQuery } from "@/hooks/use-personal-query";
import type { ListingStats } from "@/features/listings/stats-schemas";

/** Under the listings' key: whatever refreshes the employer's listings refreshes these too. */
export const listingStatsKey = (listingId: number) =>
  [...listingKeys.own, listingId, "stats"] as const;

/** One of the signed-in employer's listings' statistics: totals and the last 30 days. */
export function useListingStats(listingId: number) {
  return usePersonalQuery<"getListingStats", ListingStats>({
    queryKey: listingStatsKey(listingId),
    operation: "getListingStats",
    params: { listingId: listingId },
    select: (data) => data.stats,
    // Figures move slowly: a minute old is fresh enough, and saves a request per row.
    staleTime: 60_000,
  });
}
