import { isPublicRoute, SIGN_IN_ROUTES } from "@/lib/routes";

/*
 * When a page's scripts start (pages/_document.tsx). A public page is whole as the server sends
 * it: its links, its filter form (a GET) and its apply links work without a script, and so do its
 * forms' first presses (lib/form-gate.ts holds them). Its scripts (React and the page's own) only
 * add what a pressed button, an open menu or a signed-in person needs, so an anonymous visitor's
 * browser asks for them at the first sign that the visitor is about to use the page: a pointer
 * moving or pressing, a touch, a key, focus, a wheel. Until then a phone spends no time parsing
 * and running them while the visitor reads, and a visit that only reads (or a crawler's) costs
 * no byte of them (issue 67). They used to be fetched into the cache once the page had loaded
 * and the browser was idle (a prefetch): 140 kB on every first visit, more
 * than the rest of the page, for a first tap after a while of reading that would wait for them
 * to download as well as to run. That tap's wait is what a fetch on intent costs; forms and
 * buttons pressed meanwhile are held (below, and lib/form-gate.ts), the menus open without them.
 * Someone signed in here before (SIGNED_IN_HINT) needs them for their own marks and menu, and
 * gets them as soon as the page has painted.
 *
 * A button pressed before React handles it is pressed again once it does: the script keeps the
 * last one (marked aria-busy meanwhile, which styles/globals.css shows at once, so a tap is seen
 * to be taken) and clicks it when React has hydrated it. Once React's root is listening, React
 * replays such presses itself, so none is kept from then on. A button the browser itself answers
 * (`popovertarget`: the phone menu) is not kept: pressed again, it would close what it opened.
 */

/**
 * A public page other than the sign-in pages: complete without its scripts until it is used, so
 * its scripts start on intent (pages/_document.tsx), and a first visit that only reads fetches
 * none (tests/build/page-weight.test.ts counts it so).
 */
export const startsOnIntent = (page: string) =>
  isPublicRoute(page) && !SIGN_IN_ROUTES.includes(page);

/** What the visitor does that starts the page's scripts (listened to on the document). */
export const START_EVENTS = [
  "pointermove",
  "pointerdown",
  "touchstart",
  "keydown",
  "focusin",
  "wheel",
  "click",
  "submit",
] as const;

/** How long a kept press waits for React to hydrate its button before it is let go. */
const REPLAY_WITHIN_MS = 20_000;

type StartOptions = {
  /** Scripts to load, in order: they run in that order, as deferred scripts would. */
  sources: readonly string[];
  /**
   * Wait for the visitor's intent (START_EVENTS) unless `signedInHint` is set in this browser;
   * otherwise start once the page has painted.
   */
  onIntent: boolean;
  /** The localStorage key that says someone signed in here (lib/auth/auth-context.tsx). */
  signedInHint: string;
};

/**
 * The loader that replaces Next.js's script tags. After the first contentful paint (or the next
 * frame where paint timing is missing; a hidden tab at once; never more than 3 seconds), or on
 * intent (see above). Scripts are inserted with `async = false` so they run in order.
 */
export function pageStartScript({ sources, onIntent, signedInHint }: StartOptions): string {
  const config = JSON.stringify({ s: sources, E: START_EVENTS, K: signedInHint, I: onIntent });
  return `(function(d,w,c){var s=c.s,E=c.E,t0,held;function go(){if(!s)return;E.forEach(function(e){d.removeEventListener(e,go,true)});s.forEach(function(u){var e=d.createElement("script");e.src=u;e.async=false;d.head.appendChild(e)});s=null;t0=Date.now();replay()}function has(o,p){return!!o&&Object.keys(o).some(function(k){return k.indexOf(p)===0})}function replay(){var h=held;if(!h||!t0)return;if(has(h,"__reactProps$")){held=null;h.removeAttribute("aria-busy");if(h.isConnected)h.click()}else if(Date.now()-t0<${REPLAY_WITHIN_MS})setTimeout(replay,50);else{held=null;h.removeAttribute("aria-busy")}}d.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest("button[type=button]:not([popovertarget])");if(!b||has(d.getElementById("__next"),"__reactContainer$"))return;if(held&&held!==b)held.removeAttribute("aria-busy");held=b;b.setAttribute("aria-busy","true");replay()},true);var signed=false;try{signed=w.localStorage.getItem(c.K)==="1"}catch(e){}if(c.I&&!signed){E.forEach(function(e){d.addEventListener(e,go,{capture:true,passive:true})});return}if(d.visibilityState==="hidden")return go();setTimeout(go,3000);var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go)}}).observe({type:"paint",buffered:true});else requestAnimationFrame(function(){setTimeout(go)})})(document,window,${config})`;
}
