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
 * `later(f)` and `atUse(f)`: the page's view of itself (features/analytics/page-view-script.ts).
 *
 * The views are sent once the HTML is parsed (DOMContentLoaded: on the board's pages, before their
 * first paint), or at once at the first click, form submission, history move or as the page is
 * left (pagehide), if sooner. Work that can wait for the page's use goes in `atUse(f)`: it runs at
 * the first click, submission, history move or pagehide, never while the page loads. The landing
 * source is such work: the first touch of sessionStorage asks the browser's process synchronously.
 * In an idle task after the paint (as tried on 2026-12-06), the views and that touch took 6–12 ms
 * of processor but 16–181 ms of wall time on a busy machine (traces under bench/lighthouse.mjs),
 * just when a visitor may first tap, and Lighthouse counted it as blocking. Before the paint, the
 * views cost the paint nothing measurable (docs/performance.md, sixteenth pass).
 */
export const headEventsScript = (also = "") =>
  `(function(d,n){var w=window,Q=[],U=[],D=0,E=0;function later(f){Q.push(f)}function atUse(f){U.push(f)}function run(){if(D)return;D=1;Q.forEach(function(f){f()})}function use(){run();if(E)return;E=1;U.forEach(function(f){f()})}function send(u,o){var b=JSON.stringify(o);try{if(n.sendBeacon&&n.sendBeacon(u,new Blob([b],{type:"application/json"})))return}catch(x){}fetch(u,{method:"POST",keepalive:true,credentials:"omit",headers:{"content-type":"application/json"},body:b}).catch(function(){})}d.addEventListener("click",function(e){use();var a=e.target&&e.target.closest&&e.target.closest("[${LISTING_EVENT}]");if(a)send(a.getAttribute("${LISTING_EVENTS_URL}"),{event:a.getAttribute("${LISTING_EVENT}")})},true);d.addEventListener("submit",use,true);w.addEventListener("popstate",use,true);w.addEventListener("pagehide",use);d.addEventListener("DOMContentLoaded",run);later(function(){d.querySelectorAll("[${LISTING_VIEW}]").forEach(function(v){if(!v.${VIEW_SENT}){v.${VIEW_SENT}=true;send(v.getAttribute("${LISTING_VIEW}"),{event:"view"})}})});${also}})(document,navigator)`;
