/*
 * The events a job page reports about its listing, for the employer's statistics
 * (lib/server/stats). Nothing about the visitor is sent: the server counts each visitor once a
 * day from what every request carries anyway, and keeps no personal data (docs/architecture.md).
 */

/** A visit of the job page, and a press of its apply button. */
export const LISTING_EVENTS = ["view", "apply"] as const;

export type ListingEvent = (typeof LISTING_EVENTS)[number];

/** Where a job's events are posted. */
export const listingEventsPath = (jobId: number) => `/api/jobs/${jobId}/events`;

/**
 * Reports one event, fire and forget: a beacon, which the browser delivers even as the page is
 * left (an apply link opens another site or a mail client); a keepalive fetch where beacons are
 * missing or refuse the body. Never throws, never waits: statistics must not get in the way.
 */
export function sendListingEvent(jobId: number, event: ListingEvent): void {
  if (typeof window === "undefined") return;
  const url = listingEventsPath(jobId);
  const body = JSON.stringify({ event });
  try {
    const blob = new Blob([body], { type: "application/json" });
    if (navigator.sendBeacon?.(url, blob)) return;
  } catch {
    // Some browsers refuse a beacon of this type: the fetch below carries it instead.
  }
  fetch(url, {
    method: "POST",
    keepalive: true,
    credentials: "omit",
    headers: { "content-type": "application/json" },
    body,
  }).catch(() => undefined);
}
