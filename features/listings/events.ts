import { recordListingEvent } from "@/lib/api/public-routes.generated";
import { routePath } from "@/lib/api/paths";

/*
 * The events a job page reports about its listing, for the employer's statistics
 * (features/listings/server). Nothing about the visitor is sent: the server counts each visitor once a
 * day from what every request carries anyway, and keeps no personal data (docs/architecture.md).
 */

/** A visit of the job page, and a press of its apply button. */
export const LISTING_EVENTS = ["view", "apply"] as const;

export type ListingEvent = (typeof LISTING_EVENTS)[number];

/** Where a job's events are posted. */
export const listingEventsPath = (jobId: number) => routePath(recordListingEvent, { jobId });

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

/** On an apply link: the event a press of it reports (with LISTING_EVENTS_URL, where to). */
export const LISTING_EVENT = "data-listing-event";
export const LISTING_EVENTS_URL = "data-listing-events";
/** On the job page's marker (features/board/components/listing-beacon.tsx): where its view is reported. */
export const LISTING_VIEW = "data-listing-view";
/** Set on the marker's element once its view has been sent, by whichever sender came first. */
export const VIEW_SENT = "listingViewSent";

/**
 * The same reports from the document's head (pages/_document.tsx), so that they do not wait for
 * the page's scripts, which a public page starts only when it is used (lib/page-start.ts): the
 * view of the job page loaded, and every press of an apply link, also after a move to another
 * job page within the app. sendListingEvent sends the view of a job page reached within the app.
 * `also` is more of the same script, which may call its `send(url, body)` and queue work with
 * `later(f)`: the page's view of itself (features/analytics/page-view-script.ts).
 *
 * The views are not sent while the page is parsed but once it is (DOMContentLoaded), in an idle
 * moment of their own (requestIdleCallback, at most 2 s late), or at once at the first click,
 * form submission, history move or when the page is left (pagehide), whichever comes first. A
 * beacon and the first touch of sessionStorage each ask the browser's process synchronously:
 * on a busy phone that held the parse or the DOMContentLoaded handlers for 10–20 ms of their own
 * (a trace of `/` under bench/lighthouse.mjs), in the tasks that decide when the page answers.
 */
export const headEventsScript = (also = "") =>
  `(function(d,n){var w=window,Q=[],D=0;function later(f){Q.push(f)}function run(){if(D)return;D=1;Q.forEach(function(f){f()})}function send(u,o){var b=JSON.stringify(o);try{if(n.sendBeacon&&n.sendBeacon(u,new Blob([b],{type:"application/json"})))return}catch(x){}fetch(u,{method:"POST",keepalive:true,credentials:"omit",headers:{"content-type":"application/json"},body:b}).catch(function(){})}d.addEventListener("click",function(e){run();var a=e.target&&e.target.closest&&e.target.closest("[${LISTING_EVENT}]");if(a)send(a.getAttribute("${LISTING_EVENTS_URL}"),{event:a.getAttribute("${LISTING_EVENT}")})},true);d.addEventListener("submit",run,true);w.addEventListener("popstate",run,true);w.addEventListener("pagehide",run);d.addEventListener("DOMContentLoaded",function(){if(w.requestIdleCallback)w.requestIdleCallback(run,{timeout:2000});else setTimeout(run,50)});later(function(){d.querySelectorAll("[${LISTING_VIEW}]").forEach(function(v){if(!v.${VIEW_SENT}){v.${VIEW_SENT}=true;send(v.getAttribute("${LISTING_VIEW}"),{event:"view"})}})});${also}})(document,navigator)`;
