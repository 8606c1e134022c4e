/** The name the head script (page-view-script.ts) gives its sender of page views, for reportPageViews. */
export const PAGE_VIEW_SENDER = "boardPageView";
