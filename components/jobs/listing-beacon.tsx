import { useEffect } from "react";
import { sendListingEvent } from "@/lib/listing-events";

/**
 * Counts a view of a listing for its employer's statistics: one event once the page is
 * running in a browser (crawlers that only read the HTML are never counted). The page itself
 * stays cached and the same for everyone. Renders nothing.
 */
export function ListingBeacon({ jobId, listed }: { jobId: number; listed: boolean }) {
  useEffect(() => {
    // Only listings that are open are counted; the server refuses the others.
    if (listed) sendListingEvent(jobId, "view");
  }, [jobId, listed]);
  return null;
}
