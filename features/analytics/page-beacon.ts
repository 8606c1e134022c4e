import { useEffect } from "react";
import { useRouter } from "next/router";
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

/** Sends the view of each page reached within the app, once it is shown. */
export function usePageViews(): void {
  const router = useRouter();
  useEffect(() => {
    let previous = window.location.href;
    const shown = () => {
      const from = previous;
      previous = window.location.href;
      if (from !== previous) window[PAGE_VIEW_SENDER]?.(from);
    };
    router.events.on("routeChangeComplete", shown);
    return () => router.events.off("routeChangeComplete", shown);
  }, [router.events]);
}
