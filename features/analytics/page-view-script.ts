import { recordPageView } from "@/lib/api/public-routes.generated";
import { routePath } from "@/lib/api/paths";
import { DIRECT_SOURCE, EMBED_SOURCE } from "@/lib/model/analytics";
import { LANDING_SOURCE_KEY } from "@/lib/model/traffic-source";
import { EMBED_PATH_PREFIX } from "@/lib/routes";
/*
 * Every page reports its own view (POST /api/stats/views, server/page-views.ts), from the
 * document's head so that it does not wait for the page's scripts, which a public page starts
 * only when it is used (lib/page-start.ts): PAGE_VIEW_SCRIPT runs inside the head's events
 * script (features/listings/events.ts headEventsScript, whose `send`, `later` and `atUse` it uses)
 * and sends, once the HTML is parsed (or at the first click, submission, history move or when the
 * page is left, if sooner), the page's path and query, document.referrer, and on a search page the
 * results its marker (SEARCH_RESULTS) counts, and `touch` from a Mac's User-Agent with a touch
 * screen: an iPad, whose Safari says it is a Mac (server/device.ts). A move within the app sends the next page's view
 * on Next.js's routeChangeComplete, with the board's previous address as the referrer, so it is
 * not taken for a visit (never its fragment, which may hold a secret such as an invitation's token): the script subscribes to `window.next.router.events` at the first click,
 * form submission or history move (each comes before the move it starts), so that no page's
 * bundle carries any of this (a hook in _app cost the pages at their budget 0.1 kB). A move made
 * by a script before any of those (none of the public pages makes one) is not counted. Nothing is sent when the browser asks not to be tracked (Global
 * Privacy Control, Do Not Track), nor from the moderators' pages (/review).
 *
 * The first page of a tab also remembers where the visit came from (the same rules as the
 * server's, lib/model/traffic-source.ts) in sessionStorage, never a cookie: an application sent
 * from this tab carries it as its `source` (features/applications). It does so at the page's first
 * use (a click or a submission, which come before the apply form reads it, or a history move) or
 * as it is left (pagehide, before the tab's next page), never while the page loads: the first
 * touch of sessionStorage waits on the browser's process (headEventsScript).
 */

/** On a search page's results: how many it found (`data-search-results="12"`). */
export const SEARCH_RESULTS = "data-search-results";

/**
 * The head script's part (inside headEventsScript: `d` document, `n` navigator, `w` window,
 * `send`, `later` to run once the page is parsed, and `atUse` at its first use or as it is left).
 * The first view's address is read at once; it is sent later, and before any move within the app:
 * the head's own click, submit and popstate listeners, which run the queues, are added before
 * `g`'s on the same targets, so they are called first.
 */
export const PAGE_VIEW_SCRIPT = `var l=location,A=l.pathname,S=l.search,P=A+S,k=n.globalPrivacyControl===true||n.doNotTrack==="1";function y(a){return k||/^\\/review(\\/|$)/.test(a)}function v(r,t,a){if(y(a))return;var o={path:t,referrer:r},m=d.querySelector("[${SEARCH_RESULTS}]");if(m)o.results=+m.getAttribute("${SEARCH_RESULTS}");if(n.maxTouchPoints>1&&/Macintosh/.test(n.userAgent))o.touch=true;send("${routePath(recordPageView)}",o)}atUse(function(){if(!y(A))try{var s=w.sessionStorage;if(!s.getItem("${LANDING_SOURCE_KEY}")){var q=new URLSearchParams(S),h="",e=0;try{var F=new URL(d.referrer);h=F.hostname;e=h===l.hostname&&F.pathname.indexOf("${EMBED_PATH_PREFIX}")===0}catch(x){}if(h!==l.hostname||e)s.setItem("${LANDING_SOURCE_KEY}",q.get("utm_source")||q.get("ref")||(e?"${EMBED_SOURCE}":h.replace(/^www\\./i,""))||"${DIRECT_SOURCE}")}}catch(x){}});later(function(){v(d.referrer,P,A)});function u(){return l.origin+l.pathname+l.search}var p=u();function g(){var R=w.next&&w.next.router;if(R&&!g.on){g.on=1;R.events.on("routeChangeComplete",function(){var f=p;p=u();if(f!==p)v(f,l.pathname+l.search,l.pathname)})}}d.addEventListener("click",g,true);d.addEventListener("submit",g,true);w.addEventListener("popstate",g,true);`;
