import type {
  AnalyticsReport,
  EmployerFunnel,
  FunnelRow,
} from "@/features/analytics/analytics-schemas";

/** A funnel row with every figure 0 unless `change` says. */
export const funnelRow = (change: Partial<FunnelRow> = {}): FunnelRow => ({
  key: "",
  label: "",
  listings: 0,
  views: 0,
  apply_clicks: 0,
  applications: 0,
  interviews: 0,
  hires: 0,
  median_days_to_first_application: null,
  ...change,
});

const ranked = (value: string, visitors: number, views: number, previous_visitors = 0) => ({
  value,
  visitors,
  views,
  previous_visitors,
});

/** Three days of a report, with the three days before: names typed in Japanese, Arabic, Polish. */
export const REPORT: AnalyticsReport = {
  traffic: {
    range: { from: "2026-11-21", to: "2026-11-23" },
    previous: { from: "2026-11-18", to: "2026-11-20" },
    visitors: { current: 120, previous: 80 },
    views: { current: 300, previous: 300 },
    visits: { current: 90, previous: 0 },
    days: [
      { day: "2026-11-18", visitors: 20, views: 100 },
      { day: "2026-11-19", visitors: 30, views: 100 },
      { day: "2026-11-20", visitors: 30, views: 100 },
      { day: "2026-11-21", visitors: 40, views: 90 },
      { day: "2026-11-22", visitors: 50, views: 110 },
      { day: "2026-11-23", visitors: 30, views: 100 },
    ],
    sources: [ranked("news.ycombinator.com", 50, 70, 10), ranked("direct", 40, 60, 30)],
    pages: [ranked("/", 80, 150), ranked("/departments/design", 30, 40)],
    landings: [ranked("/jobs/41-video-editor", 25, 25)],
    devices: [ranked("desktop", 70, 200) as never, ranked("phone", 50, 100) as never],
  },
  searches: {
    range: { from: "2026-11-21", to: "2026-11-23" },
    searches: { current: 40, previous: 50 },
    top: [
      { term: "編集者", searches: 12, visitors: 9, zero_results: 0, results: 4 },
      { term: "محرر فيديو", searches: 7, visitors: 5, zero_results: 1, results: 2 },
    ],
    not_found: [{ term: "montażysta", searches: 5, visitors: 4, zero_results: 5, results: 0 }],
  },
  funnel: {
    range: { from: "2026-11-21", to: "2026-11-23" },
    by: "department",
    rows: [
      funnelRow({
        key: "video",
        label: "Video",
        listings: 3,
        views: 200,
        apply_clicks: 30,
        applications: 12,
        interviews: 4,
        hires: 1,
        median_days_to_first_application: 1.5,
      }),
    ],
    total: funnelRow({
      listings: 5,
      views: 260,
      apply_clicks: 41,
      applications: 15,
      interviews: 5,
      hires: 1,
      median_days_to_first_application: 2,
    }),
  },
  audience: {
    range: { from: "2026-11-21", to: "2026-11-23" },
    days: [
      {
        day: "2026-11-21",
        new_alerts: 2,
        alerts: 10,
        new_saved_searches: 1,
        saved_searches: 4,
        subscribers: 3,
      },
      {
        day: "2026-11-22",
        new_alerts: 0,
        alerts: 10,
        new_saved_searches: 3,
        saved_searches: 7,
        subscribers: 3,
      },
      {
        day: "2026-11-23",
        new_alerts: 1,
        alerts: 11,
        new_saved_searches: 0,
        saved_searches: 7,
        subscribers: 3,
      },
    ],
  },
};

export const FUNNEL: EmployerFunnel = {
  range: { from: "2026-10-25", to: "2026-11-23" },
  company: funnelRow({ listings: 2, views: 90, apply_clicks: 9, applications: 4, interviews: 1 }),
  listings: [
    {
      ...funnelRow({
        key: "41",
        label: "Video Editor",
        listings: 1,
        views: 60,
        apply_clicks: 6,
        applications: 3,
        interviews: 1,
        median_days_to_first_application: 2,
      }),
      board_median_views: 45,
      board_median_applications: 2,
      board_median_days_to_first_application: 3.5,
    },
  ],
  sources: [
    { source: "news.ycombinator.com", applications: 3 },
    { source: "direct", applications: 1 },
  ],
};
