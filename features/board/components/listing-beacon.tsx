import { useEffect, useRef } from "react";
import {
  LISTING_VIEW,
  listingEventsPath,
  sendListingEvent,
  VIEW_SENT,
} from "@/features/listings/events";

type Marker = HTMLSpanElement & { [VIEW_SENT]?: boolean };

/**
 * Counts a view of a listing for its employer's statistics, once the page runs in a browser
 * (crawlers that only read the HTML are never counted). The page itself stays cached and the same
 * for everyone. On a page loaded from the server the head's script sends the view as soon as the
 * HTML is parsed (features/listings/events.ts); on a job page reached within the app, this component
 * does. Renders an empty hidden marker, one per job, which remembers that its view was sent.
 */
export function ListingBeacon({ jobId, listed }: { jobId: number; listed: boolean }) {
  const marker = useRef<Marker>(null);
  useEffect(() => {
    const element = marker.current;
    if (!element || element[VIEW_SENT]) return;
    element[VIEW_SENT] = true;
    sendListingEvent(jobId, "view");
  }, [jobId, listed]);
  // Only listings that are open are counted; the server refuses the others.
  if (!listed) return null;
  return <span key={jobId} ref={marker} hidden {...{ [LISTING_VIEW]: listingEventsPath(jobId) }} />;
}
