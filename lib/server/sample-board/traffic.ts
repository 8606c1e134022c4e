import { sql } from "drizzle-orm";
import type { Database } from "@/lib/server/db/client";
import { searchStats, siteStats } from "@/lib/server/db/schema";
import { createRandom } from "./random";
import { buildFunnelDays } from "@/features/analytics/server/funnel-daily";
import { addDays, utcDay } from "@/lib/server/stats/visitor-counts";

/*
 * A year (by default) of synthetic traffic for the sample board (issue 65), so the owner's
 * dashboard has something to show and its reads can be measured: per day a few hundred to a few
 * thousand visitors (quieter at weekends, growing over the year), ~200 pages, 20 landing pages,
 * 30 sources, 3 devices, and ~100 search terms, some finding nothing. Written to the daily
 * roll-ups (site_stats, search_stats) as the counting would; existing days are replaced. The
 * funnel's roll-up (funnel_daily) is built from the board's own rows by seedFunnelRollUp.
 */

export type SampleTrafficOptions = { now?: Date; days?: number; seed?: number };

const DEPARTMENT_PATHS = [
  "design",
  "engineering",
  "marketing",
  "creator-partnerships",
  "talent-management",
  "sales",
];
const SOURCES = [
  "direct",
  "google.com",
  "bing.com",
  "duckduckgo.com",
  "linkedin.com",
  "t.co",
  "facebook.com",
  "instagram.com",
  "youtube.com",
  "reddit.com",
  "news.ycombinator.com",
  "wykop.pl",
  "yahoo.co.jp",
  "ecosia.org",
  "newsletter",
  "slack.com",
  "discord.com",
  "tiktok.com",
  "threads.net",
  "bsky.app",
  "medium.com",
  "substack.com",
  "github.com",
  "indeed.com",
  "glassdoor.com",
  "creatoreconomy.so",
  "x.com",
  "pinterest.com",
  "qiita.com",
  "mastodon.social",
];
const WORDS = [
  "video editor",
  "youtube",
  "thumbnail designer",
  "social media manager",
  "talent manager",
  "brand partnerships",
  "podcast producer",
  "copywriter",
  "motion designer",
  "community manager",
  "tiktok",
  "twitch",
  "scriptwriter",
  "animator",
  "influencer",
  "remote",
  "part-time",
  "internship",
  "editor",
  "producer",
  "動画編集",
  "محرر فيديو",
  "montażysta",
  "grafik",
  "ugc creator",
  "shorts editor",
  "colorist",
  "sound designer",
  "channel manager",
  "seo",
];

/** Fills `days` days up to `now` (its day included) with traffic; answers the rows written. */
export async function seedSampleTraffic(
  db: Database,
  options: SampleTrafficOptions = {},
): Promise<{ siteRows: number; searchRows: number }> {
  const random = createRandom(options.seed ?? 65);
  const now = options.now ?? new Date();
  const days = options.days ?? 365;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // The board's pages, most read first (a long tail: Zipf-like weights).
  const pages = [
    "/",
    "/jobs",
    "/salaries",
    "/companies",
    ...DEPARTMENT_PATHS.map((slug) => `/departments/${slug}`),
    ...Array.from({ length: 1_200 }, (_, i) => `/jobs/${1000 + i}-sample-listing-${i}`),
  ];
  const terms = [...WORDS, ...Array.from({ length: 370 }, (_, i) => `${random.pick(WORDS)} ${i}`)];
  const firstDay = new Date(today - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const lastDay = new Date(today).toISOString().slice(0, 10);
  await db.execute(
    sql`delete from ${siteStats} where day between ${firstDay}::date and ${lastDay}::date`,
  );
  await db.execute(
    sql`delete from ${searchStats} where day between ${firstDay}::date and ${lastDay}::date`,
  );
  let siteRows = 0;
  let searchRows = 0;
  let siteBatch: (typeof siteStats.$inferInsert)[] = [];
  let searchBatch: (typeof searchStats.$inferInsert)[] = [];
  const flush = async (force = false) => {
    if (siteBatch.length >= 4_000 || (force && siteBatch.length)) {
      await db.insert(siteStats).values(siteBatch);
      siteRows += siteBatch.length;
      siteBatch = [];
    }
    if (searchBatch.length >= 4_000 || (force && searchBatch.length)) {
      await db.insert(searchStats).values(searchBatch);
      searchRows += searchBatch.length;
      searchBatch = [];
    }
  };
  /** `total` split over `parts` by Zipf-like weights, with noise. */
  const zipf = (total: number, parts: number) =>
    Array.from({ length: parts }, (_, i) =>
      Math.max(1, Math.round(((total / (i + 1)) * (0.7 + random.next() * 0.6)) / 3)),
    );
  for (let d = 0; d < days; d++) {
    const time = today - (days - 1 - d) * 86_400_000;
    const day = new Date(time).toISOString().slice(0, 10);
    const weekday = new Date(time).getUTCDay();
    const growth = 0.5 + d / days;
    const visitors = Math.round(
      (weekday === 0 || weekday === 6 ? 400 : 900) * growth * (0.8 + random.next() * 0.5) +
        random.int(0, 300),
    );
    const views = Math.round(visitors * (2.2 + random.next()));
    siteBatch.push({ day, dimension: "total", value: "", views, visitors });
    const pageVisitors = zipf(visitors, 200);
    random.sample(pages.slice(4), 196).forEach((path, i) => {
      const value = i < 4 ? pages[i]! : path;
      const v = pageVisitors[i]!;
      siteBatch.push({ day, dimension: "page", value, visitors: v, views: v + random.int(0, v) });
    });
    const landingVisitors = zipf(Math.round(visitors * 0.8), 20);
    random.sample(pages, 20).forEach((value, i) => {
      const v = landingVisitors[i]!;
      siteBatch.push({ day, dimension: "landing", value, visitors: v, views: v });
    });
    const sourceVisitors = zipf(Math.round(visitors * 0.8), 30);
    random.shuffle([...SOURCES]).forEach((value, i) => {
      const v = sourceVisitors[i]!;
      siteBatch.push({ day, dimension: "referrer", value, visitors: v, views: v });
    });
    const phone = Math.round(visitors * (0.45 + random.next() * 0.1));
    const tablet = Math.round(visitors * 0.05);
    for (const [value, v] of [
      ["desktop", visitors - phone - tablet],
      ["phone", phone],
      ["tablet", tablet],
    ] as const) {
      siteBatch.push({ day, dimension: "device", value, visitors: v, views: Math.round(v * 2.5) });
    }
    const searchCounts = zipf(Math.round(visitors * 0.6), 100);
    random.sample(terms, 100).forEach((term, i) => {
      const searches = searchCounts[i]!;
      const nothing = random.chance(0.1);
      const zeroResults = nothing ? searches : random.chance(0.2) ? random.int(0, searches) : 0;
      searchBatch.push({
        day,
        term,
        searches,
        visitors: Math.max(1, Math.round(searches * 0.8)),
        zeroResults,
        results: nothing ? 0 : random.int(1, 400),
      });
    });
    await flush();
  }
  await flush(true);
  return { siteRows, searchRows };
}

/**
 * Builds the analytics funnel's daily roll-up (features/analytics/server/funnel-daily.ts, what
 * the nightly task does) for the `days` finished days before `now`'s, from the board's listings,
 * listing_stats and applications, replacing what they held: run once the board is seeded.
 * Today's part is read from the raw rows by the reports. Answers the rows written.
 */
export async function seedFunnelRollUp(
  db: Database,
  options: Pick<SampleTrafficOptions, "now" | "days"> = {},
): Promise<number> {
  const today = utcDay(options.now ?? new Date());
  return buildFunnelDays(db, {
    from: addDays(today, -(options.days ?? 365)),
    to: addDays(today, -1),
  });
}
