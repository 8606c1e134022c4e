import Router from "next/router";
import { PAGE_VIEW_SENDER } from "@/features/analytics/page-view-sender";

/*
 * A move within the app reports the next page's view (POST /api/stats/views), through the sender
 * the document's head script defined (page-view-script.ts), with the board's previous address as
 * the referrer, so it is not taken for a visit. Kept apart from the head script's text so that
 * every page's bundle carries only this hook.
 */

declare global {
  interface Window {
    /** The head script's sender of this page's view (PAGE_VIEW_SCRIPT), given the referrer. */
    [PAGE_VIEW_SENDER]?: (referrer: string) => void;
  }
}

/**
 * Sends the view of each page reached within the app, once it is shown. Called once, in the
 * browser, from pages/_app.tsx's module: no hook, so it costs every page's bundle a few bytes.
 */
export function reportPageViews(): void {
  let previous = window.location.href;
  Router.events.on("routeChangeComplete", () => {
    const from = previous;
    previous = window.location.href;
    if (from !== previous) window[PAGE_VIEW_SENDER]?.(from);
  });
}
